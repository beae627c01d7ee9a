#include "src/sweep/plot.hpp"

#include "src/report/gnuplot.hpp"

#include <sstream>

namespace tireplay {
namespace {

/// The data of panel `i`: each ok run at the index of its value; then, as a second block, the mean per value.
std::string panel_data(const SweepPlan& plan, const std::vector<RunResult>& results, size_t i)
{
  const auto& values = plan.variations[i].values;
  std::vector<double> sum(values.size(), 0);
  std::vector<int> count(values.size(), 0);
  std::ostringstream runs, means;
  runs.precision(17);
  means.precision(17);
  runs << "$runs" << i << " << EOD\n";
  for (size_t k = 0; k < plan.runs.size(); k++) {
    if (results[k].status != "ok")
      continue;
    size_t x = 0;
    while (values[x] != plan.runs[k].values[i])
      x++;
    runs << x << " " << results[k].predicted_seconds << "\n";
    sum[x] += results[k].predicted_seconds;
    count[x]++;
  }
  means << "$means" << i << " << EOD\n";
  for (size_t x = 0; x < values.size(); x++)
    if (count[x] > 0)
      means << x << " " << sum[x] / count[x] << "\n";
  return runs.str() + "EOD\n" + means.str() + "EOD\n";
}

std::string panel_plot(const SweepPlan& plan, size_t i)
{
  const auto& values = plan.variations[i].values;
  std::ostringstream s;
  s << "set title " << gnuplot_quote(plan.variations[i].key) << "\n";
  s << "set xrange [-0.5:" << values.size() - 0.5 << "]\nset xtics (";
  for (size_t x = 0; x < values.size(); x++)
    s << (x > 0 ? ", " : "") << gnuplot_quote(values[x]) << " " << x;
  s << ")\n";
  s << "plot $runs" << i << " using 1:2 with points pt 7 ps 0.7 lc rgb '#4477aa', "
    << "$means" << i << " using 1:2 with linespoints pt 5 lw 2 lc rgb '#cc3311'\n";
  return s.str();
}

} // namespace

bool plot_sweep(const SweepPlan& plan, const std::vector<RunResult>& results, const std::string& path)
{
  bool any = false;
  for (const auto& r : results)
    any = any || r.status == "ok";
  if (!any || plan.variations.empty())
    return false;
  size_t panels = plan.variations.size();
  size_t cols   = panels <= 3 ? panels : (panels + 1) / 2;
  size_t rows   = (panels + cols - 1) / cols;
  std::string script = gnuplot_output(path, static_cast<int>(360 * cols), static_cast<int>(320 * rows));
  for (size_t i = 0; i < panels; i++)
    script += panel_data(plan, results, i);
  script += "set termoption noenhanced\n";  // keys such as link.bw@rennes or job-delay@2 shown as written
  script += "set multiplot layout " + std::to_string(rows) + "," + std::to_string(cols) + " title " +
            gnuplot_quote(plan.study + ": each run (points), mean (line)") + "\n";
  script += "set ylabel 'predicted time (s)'\nset yrange [0:*]\nset grid ytics\nunset key\n";
  for (size_t i = 0; i < panels; i++)
    script += panel_plot(plan, i);
  script += "unset multiplot\n";
  run_gnuplot(script, path);
  return true;
}

} // namespace tireplay
