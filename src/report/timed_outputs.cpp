#include "src/report/timed_outputs.hpp"

#include "src/report/gnuplot.hpp"
#include "src/report/otf2_timeline.hpp"
#include "format/output_file.hpp"

#include <stdexcept>

namespace tireplay {

void TimedOutputs::check() const
{
  for (const std::string* picture : {&gantt, &breakdown}) {
    if (is_standard_output(*picture))
      throw std::invalid_argument(std::string(picture == &gantt ? "--gantt" : "--breakdown") +
                                  " " + *picture + ": a picture needs a file name ending in .svg or .png, not standard output");
    if (!picture->empty())
      gnuplot_output(*picture, 1, 1);
  }
  if (!otf2_dir.empty())
    check_timeline_directory(otf2_dir);
}

void TimedOutputs::write(const ReplayResult& result) const
{
  if (!events_csv.empty())
    write_events_csv(events_csv, result);
  if (!paje.empty())
    write_paje(paje, result);
  if (!otf2_dir.empty())
    write_otf2_timeline(otf2_dir, result);
  if (!gantt.empty())
    draw_gantt(gantt, result);
  if (!breakdown.empty())
    draw_breakdown(breakdown, result);
}

} // namespace tireplay
