// The Gantt chart: few events are drawn as they are; many (or grouped rows) are binned in time, each cell showing
// the state that took most of the row's time in it, as ViTE and Vampir do when zoomed out.
#include "src/report/gnuplot.hpp"
#include "src/report/rank_rows.hpp"
#include "src/report/timed_outputs.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

namespace tireplay {
namespace {

constexpr size_t kExactEvents = 20000;  // up to this many events with a row per rank, draw each event
constexpr int kBins           = 1000;

struct Box {
  double x0, x1;
  int row;
  uint32_t color;
};

// The state's place in all_states(), looked up once per action kind.
int state_index(ActionKind kind)
{
  static const auto table = [] {
    const auto& states = all_states();
    std::array<int, static_cast<size_t>(ActionKind::Count_)> t{};
    for (size_t k = 0; k < t.size(); k++)
      t[k] = static_cast<int>(std::find(states.begin(), states.end(), state_name(static_cast<ActionKind>(k))) -
                              states.begin());
    return t;
  }();
  return table[static_cast<size_t>(kind)];
}

// Consecutive events of one state are one box; zero-length events are not drawn.
std::vector<Box> exact_boxes(const Timeline& timeline)
{
  std::vector<Box> boxes;
  for (size_t r = 0; r < timeline.ranks.size(); r++)
    for (const TimedEvent& e : timeline.ranks[r]) {
      if (e.end <= e.start)
        continue;
      uint32_t color = state_color(state_name(e.kind));
      if (!boxes.empty() && boxes.back().row == static_cast<int>(r) && boxes.back().color == color &&
          boxes.back().x1 == e.start)
        boxes.back().x1 = e.end;
      else
        boxes.push_back({e.start, e.end, static_cast<int>(r), color});
    }
  return boxes;
}

std::vector<Box> binned_boxes(const Timeline& timeline, const RankRows& rows, double span)
{
  const size_t nstates = all_states().size();
  const double width   = span / kBins;
  std::vector<Box> boxes;
  std::vector<double> time(static_cast<size_t>(kBins) * nstates);
  for (int row = 0; row < rows.count; row++) {
    std::fill(time.begin(), time.end(), 0.0);
    for (int r = rows.first(row); r <= rows.last(row); r++)
      for (const TimedEvent& e : timeline.ranks[r]) {
        size_t s = static_cast<size_t>(state_index(e.kind));
        int b0 = std::min(kBins - 1, static_cast<int>(e.start / width));
        int b1 = std::min(kBins - 1, static_cast<int>(e.end / width));
        for (int b = b0; b <= b1; b++)
          time[b * nstates + s] += std::min(e.end, (b + 1) * width) - std::max(e.start, b * width);
      }
    for (int b = 0; b < kBins; b++) {
      auto cell = time.begin() + static_cast<long>(b * nstates);
      auto most = std::max_element(cell, cell + static_cast<long>(nstates));
      if (*most <= 0)
        continue;
      uint32_t color = state_color(all_states()[static_cast<size_t>(most - cell)]);
      if (!boxes.empty() && boxes.back().row == row && boxes.back().color == color &&
          boxes.back().x1 >= b * width - width / 2)
        boxes.back().x1 = (b + 1) * width;
      else
        boxes.push_back({b * width, (b + 1) * width, row, color});
    }
  }
  return boxes;
}

} // namespace

void draw_gantt(const std::string& path, const ReplayResult& result)
{
  RankRows rows(static_cast<int>(result.timeline.ranks.size()));
  size_t events = 0;
  for (const auto& r : result.timeline.ranks)
    events += r.size();
  double span = result.simulated_time > 0 ? result.simulated_time : 1;
  bool exact  = rows.group == 1 && events <= kExactEvents;
  std::string script = gnuplot_output(path, 1100, std::clamp(120 + 16 * rows.count, 320, 1200));
  std::vector<Box> boxes = exact ? exact_boxes(result.timeline) : binned_boxes(result.timeline, rows, span);
  char line[256];
  std::snprintf(line, sizeof line, "set title \"Simulated run: %zu ranks, %.6f s%s\"\n", result.ranks.size(),
                result.simulated_time, exact ? "" : " (each cell: the state that took most of its time)");
  script += line;
  script += "set xlabel \"simulated time (s)\"\nset ylabel \"" +
            std::string(!result.jobs.empty() && rows.group == 1 ? "job and rank" : rows.group == 1 ? "rank" : "ranks") +
            "\"\nset key outside right top\nset style fill solid noborder\nset grid xtics\n";
  std::snprintf(line, sizeof line, "set xrange [0:%.17g]\nset yrange [%d.5:-0.5]\nset ytics (", span,
                rows.count - 1);
  script += line;
  // --jobs-file with a row per rank: each row says its job and its rank in the job ("b 0"), and a dashed line
  // separates the jobs; with grouped rows, the job's id is written at its first row, inside the plot.
  bool job_rows = !result.jobs.empty() && rows.group == 1;
  for (int row = 0; row < rows.count; row += rows.label_step()) {
    std::string label = rows.label(row);
    if (job_rows) {
      const JobResult& job = result.jobs[static_cast<size_t>(result.rank_jobs[static_cast<size_t>(row)])];
      label = job.id + " " + std::to_string(row - job.first_rank);
    }
    script += (row > 0 ? ", \"" : "\"") + label + "\" " + std::to_string(row);
  }
  script += ")\n";
  for (const JobResult& job : result.jobs) {
    double y = rows.row_of(job.first_rank) - 0.5;
    std::snprintf(line, sizeof line, "set arrow from 0,%g to %.17g,%g nohead dt 2 lc rgb \"#444444\"\n", y, span, y);
    script += line;
    if (!job_rows)
      script += "set label \"job " + job.id + "\" at graph 0.005, first " + std::to_string(y + 0.5) +
                " left front tc rgb \"#444444\"\n";
  }
  script += "$boxes << EOD\n";
  for (const Box& b : boxes) {
    std::snprintf(line, sizeof line, "%.17g %.17g %d %u\n", b.x0, b.x1, b.row, b.color);
    script += line;
  }
  script += "EOD\nplot $boxes using (($1+$2)/2):3:(($2-$1)/2):(0.4):4 with boxxyerror lc rgb variable notitle";
  std::vector<bool> shown(all_states().size());
  for (const auto& r : result.timeline.ranks)
    for (const TimedEvent& e : r)
      shown[static_cast<size_t>(state_index(e.kind))] = true;
  for (size_t s = 0; s < shown.size(); s++)
    if (shown[s]) {
      std::snprintf(line, sizeof line, ", keyentry with boxes lc rgb \"#%06x\" title \"%.*s\"",
                    state_color(all_states()[s]), static_cast<int>(all_states()[s].size()),
                    all_states()[s].data());
      script += line;
    }
  run_gnuplot(script + "\n", path);
}

} // namespace tireplay
