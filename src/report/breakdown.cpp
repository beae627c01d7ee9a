// Per-rank time breakdown as stacked bars: compute, communication, wait (RankStats). Past RankRows::kMaxRows
// ranks a bar is the mean of a group of consecutive ranks.
#include "src/report/gnuplot.hpp"
#include "src/report/rank_rows.hpp"
#include "src/report/timed_outputs.hpp"

#include <algorithm>
#include <cstdio>

namespace tireplay {

void draw_breakdown(const std::string& path, const ReplayResult& result)
{
  RankRows rows(static_cast<int>(result.ranks.size()));
  std::string script = gnuplot_output(path, std::clamp(200 + 18 * rows.count, 640, 1400), 480);
  char line[256];
  std::snprintf(line, sizeof line, "set title \"Time breakdown: %zu ranks, %.6f s\"\n", result.ranks.size(),
                result.simulated_time);
  script += line;
  script += rows.group == 1 ? "set xlabel \"rank\"\nset ylabel \"seconds\"\n"
                            : "set xlabel \"ranks\"\nset ylabel \"seconds (mean over the group's ranks)\"\n";
  script += "set style data histograms\nset style histogram rowstacked\nset style fill solid border -1\n"
            "set boxwidth 0.8\nset key outside top center horizontal\nset yrange [0:*]\nset grid ytics\n";
  if (rows.count > 16)
    script += "set xtics rotate by -60\n";
  script += "$bars << EOD\n";
  for (int row = 0; row < rows.count; row++) {
    double compute = 0, comm = 0, wait = 0;
    for (int r = rows.first(row); r <= rows.last(row); r++) {
      compute += result.ranks[r].compute_seconds;
      comm += result.ranks[r].comm_seconds;
      wait += result.ranks[r].wait_seconds;
    }
    int n = rows.last(row) - rows.first(row) + 1;
    std::string label = row % rows.label_step() == 0 ? rows.label(row) : "";
    std::snprintf(line, sizeof line, "\"%s\" %.17g %.17g %.17g\n", label.c_str(), compute / n, comm / n, wait / n);
    script += line;
  }
  std::snprintf(line, sizeof line,
                "EOD\nplot $bars using 2:xtic(1) title \"compute\" lc rgb \"#%06x\", '' using 3 title "
                "\"communication\" lc rgb \"#%06x\", '' using 4 title \"wait\" lc rgb \"#%06x\"\n",
                state_color("compute"), state_color("send"), state_color("wait"));
  run_gnuplot(script + line, path);
}

} // namespace tireplay
