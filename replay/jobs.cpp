#include "replay/jobs.hpp"

#include "models/quantities.hpp"
#include "format/line_parser.hpp"
#include "format/rank_reader.hpp"
#include "format/text_source.hpp"
#include "format/trace_files.hpp"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <set>

namespace fs = std::filesystem;

namespace tireplay {
namespace {

/// Flops as SimGrid's replay_multiple reads them (a number), or with a unit (1.25e11, 125Gf); -1 if neither.
double flops(const std::string& text)
{
  double value = models::parse_quantity(text, models::kSpeedUnits);
  return std::isfinite(value) && value >= 0 ? value : -1;
}

} // namespace

std::vector<Job> read_jobs(const std::string& path)
{
  std::vector<Job> jobs;
  std::set<std::string> ids;
  TextLines in(path);
  std::string line;
  std::vector<std::string_view> fields;
  for (uint64_t number = 1; in.next(line); number++) {
    auto text = trim_line(line);
    if (text.empty() || text.front() == '#')
      continue;
    std::string where = path + ":" + std::to_string(number);
    auto error = [&](const std::string& what) {
      return InputError(input_error_text(path, number, what + " (a job is `id trace np start_delay_flops [hostfile]`)",
                                         text));
    };
    split_fields(text, fields);
    if (fields.size() < 4 || fields.size() > 5)
      throw error(std::to_string(fields.size()) + " fields");
    Job job;
    job.id    = std::string(fields[0]);
    job.where = where;
    if (job.id.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-") !=
        std::string::npos)
      throw error("field 'id' may hold letters, digits, '_', '.' and '-': '" + job.id + "'");
    if (!ids.insert(job.id).second)
      throw error("job id '" + job.id + "' is given twice");
    job.trace = resolve_entry(path, std::string(fields[1]));  // as an index entry
    if (std::error_code ec; !fs::exists(job.trace, ec))
      throw error("field 'trace': no such file or directory '" + std::string(fields[1]) + "'");
    auto [end, ec] = std::from_chars(fields[2].data(), fields[2].data() + fields[2].size(), job.np);
    if (ec != std::errc() || end != fields[2].data() + fields[2].size() || job.np < 1 || job.np > 1000000)
      throw error("field 'np' is not a rank count (1 to 1000000): '" + std::string(fields[2]) + "'");
    job.start_delay_flops = flops(std::string(fields[3]));
    if (job.start_delay_flops < 0)
      throw error("field 'start_delay_flops' is not a number of flops (1.25e11, 125Gf): '" + std::string(fields[3]) +
                  "'");
    if (fields.size() == 5) {
      job.hostfile = resolve_entry(path, std::string(fields[4]));
      std::error_code ec2;
      auto kind = fs::status(job.hostfile, ec2).type();
      if (kind == fs::file_type::not_found)
        throw error("field 'hostfile': no such file '" + std::string(fields[4]) + "'");
      if (ec2)
        throw error("field 'hostfile': cannot reach '" + std::string(fields[4]) + "' (" + ec2.message() + ")");
      if (kind == fs::file_type::directory)
        throw error("field 'hostfile': '" + std::string(fields[4]) + "' is a directory, not a hostfile");
      if (kind != fs::file_type::regular)
        throw error("field 'hostfile': '" + std::string(fields[4]) + "' is not a regular file (a FIFO, device or "
                    "socket cannot be a job's hostfile)");
    }
    jobs.push_back(std::move(job));
  }
  if (jobs.empty())
    throw InputError(path + ": no job (a job is a line `id trace np start_delay_flops [hostfile]`)");
  return jobs;
}

void set_job_delays(std::vector<Job>& jobs, const std::vector<std::string>& delays)
{
  std::set<std::string> given;
  for (const auto& d : delays) {
    size_t eq = d.find('=');
    std::string id = d.substr(0, eq);
    if (eq != std::string::npos && !given.insert(id).second)
      throw InputError("--job-delay " + d + ": job '" + id + "' is given two delays");
    double value   = eq == std::string::npos ? -1 : flops(d.substr(eq + 1));
    if (value < 0)
      throw InputError("--job-delay " + d + ": not ID=FLOPS (e.g. 2=1.25e11 or 2=125Gf)");
    bool found = false;
    for (auto& job : jobs)
      if (job.id == id) {
        job.start_delay_flops = value;
        found                 = true;
      }
    if (!found)
      throw InputError("--job-delay " + d + ": no job '" + id + "' in the jobs file");
  }
}

} // namespace tireplay
