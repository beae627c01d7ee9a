#include "rank_state.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace otf2ti {

std::string fields(uint64_t a, uint64_t b, uint64_t c)
{
  return std::to_string(a) + " " + std::to_string(b) + " " + std::to_string(c);
}

void Rank::fail(uint64_t position, const std::string& what)
{
  if (error.empty())
    error = "location " + std::to_string(location) + " (rank " + std::to_string(rank) + "), event " +
            std::to_string(position) + ": " + what;
}

bool Rank::check_time(uint64_t position, uint64_t time)
{
  if (time < last_time) {
    fail(position, "timestamp " + std::to_string(time) + " before the previous event's " + std::to_string(last_time) +
                       " (events out of order)");
    return false;
  }
  last_time = time;
  return true;
}

int Rank::ti_comm(uint64_t comm) const
{
  const Communicator& c = defs.comms.at(comm);
  return c.self ? c.ti_id + rank : c.ti_id;
}

std::string Rank::suffix(uint64_t comm) const
{
  int id = ti_comm(comm);
  return id == 0 ? "" : " comm=" + std::to_string(id);
}

int Rank::enter_p2p(uint64_t position, uint64_t comm, uint32_t peer, long before)
{
  int me = enter_comm(position, comm, before);
  if (me < 0)
    return -1;
  const Communicator& c = defs.comms.at(comm);
  size_t size           = c.self ? 1 : c.members.size();
  if (peer >= size) {
    fail(position, call + " with rank " + std::to_string(peer) + " of communicator " + std::to_string(comm) +
                       ", which has " + std::to_string(size) + (size == 1 ? " member" : " members"));
    return -1;
  }
  return me;
}

int Rank::enter_comm(uint64_t position, uint64_t comm, long before)
{
  auto it = defs.comms.find(comm);
  if (it == defs.comms.end()) {
    fail(position, "communicator " + std::to_string(comm) + " is not defined");
    return -1;
  }
  const Communicator& c = it->second;
  int me                = 0;
  if (!c.self) {
    auto member = std::find(c.members.begin(), c.members.end(), rank);
    if (member == c.members.end()) {
      fail(position, "rank " + std::to_string(rank) + " is not a member of communicator " + std::to_string(comm));
      return -1;
    }
    me = static_cast<int>(member - c.members.begin());
  }
  if (comm != defs.world_comm) {
    size_t slot         = before >= 0 ? static_cast<size_t>(before) : out.lines.size();
    auto [use, first]   = first_use.emplace(comm, slot);
    use->second         = std::min(use->second, slot);
  }
  return me;
}

void Rank::place_definitions()
{
  for (const auto& [comm, slot] : first_use) {
    const Communicator& c = defs.comms.at(comm);
    std::ostringstream line;
    line << rank << " comm_split " << ti_comm(comm) << ' ' << (c.self ? 1 : c.members.size());
    if (c.self)
      line << ' ' << rank;
    for (int m : c.members)
      line << ' ' << m;
    if (slot >= out.lines.size())
      out.lines.resize(slot + 1);
    std::string& text = out.lines[slot];
    text              = line.str() + (text.empty() ? "" : "\n" + text);
  }
}

void Rank::emit(const std::string& action, uint64_t comm)
{
  end_compute();
  out.lines.push_back(std::to_string(rank) + " " + action + suffix(comm));
  last_action = static_cast<long>(out.lines.size()) - 1;
}

void Rank::test(Request& q, const std::string& action)
{
  if (!options.keep_tests && !q.tests.empty() && static_cast<long>(q.tests.back()) > last_action)
    return;
  q.tests.push_back(placeholder());
  if (!action.empty()) {  // a send's (a receive's is filled once its sender is known)
    fill(q.tests.back(), action, q.comm);
    track(q.tests.back(), TrackedLine::Role::Test, q.order, {q.src, q.dst, q.tag, q.comm});
  }
}

size_t Rank::placeholder()
{
  end_compute();
  out.lines.emplace_back();
  return out.lines.size() - 1;
}

void Rank::fill(size_t line, const std::string& action, uint64_t comm)
{
  std::string& slot = out.lines[line];
  std::string text  = std::to_string(rank) + " " + action + suffix(comm);
  slot              = slot.empty() ? text : slot + "\n" + text;
}

void Rank::compute(double amount, double seconds, double checks)
{
  if (compute_line < 0) {
    if (amount < 0.5 && checks < 1)
      return;
    out.lines.emplace_back();
    compute_line = static_cast<long>(out.lines.size()) - 1;
    computations.push_back({static_cast<size_t>(compute_line)});
  }
  computations.back().flops += amount;
  computations.back().seconds += seconds;
  computations.back().polls += checks;
}

void Rank::end_compute() { compute_line = -1; }

/// A non-negative amount rounded to a whole number, as text (beyond 2^63 too, where llround overflows).
static std::string whole_number(double x)
{
  if (x < 9e18)
    return std::to_string(std::llround(x));
  char text[400];
  std::snprintf(text, sizeof text, "%.0f", x);
  return text;
}

void Rank::write_computations()
{
  std::vector<Computation> merged;
  for (const Computation& c : computations) {
    bool adjacent = !merged.empty() && std::all_of(out.lines.begin() + static_cast<long>(merged.back().line) + 1,
                                                    out.lines.begin() + static_cast<long>(c.line),
                                                    [](const std::string& line) { return line.empty(); });
    if (adjacent) {
      merged.back().flops += c.flops;
      merged.back().seconds += c.seconds;
      merged.back().polls += c.polls;
    } else {
      merged.push_back(c);
    }
  }
  for (const Computation& c : merged) {
    std::string& line = out.lines[c.line];
    if (c.seconds >= options.cpu_threshold)
      line = std::to_string(rank) + " compute " + whole_number(c.flops);
    if (std::llround(c.polls) > 0)
      line += (line.empty() ? "" : "\n") + std::to_string(rank) + " poll " + std::to_string(std::llround(c.polls));
  }
  computations.clear();
}

void Rank::start_request(uint64_t request, Request::Kind kind, uint64_t position)
{
  Request q;
  q.kind      = kind;
  q.line      = placeholder();
  q.call      = call;
  q.position  = position;
  if (kind == Request::Kind::Receive) {  // its key once it completes
    q.order = ++p2p_started;
    track(q.line, TrackedLine::Role::Post, q.order, {}, false);
  }
  last_action = static_cast<long>(q.line);
  dropped.erase(request);  // a writer may use an id again once its request completed
  put_request(request, q);
}

void Rank::put_request(uint64_t request, const Request& q)
{
  if (auto old = requests.find(request); old != requests.end())
    erase_request(old);
  requests.emplace(request, q);
  if (q.kind == Request::Kind::Send)
    sends_by_key[{q.src, q.dst, q.tag, q.comm}].insert(request);
  if (q.buffered)
    buffered[{q.src, q.dst, q.tag, q.comm}][q.number] = request;
}

void Rank::erase_request(std::map<uint64_t, Request>::iterator it)
{
  const Request& q = it->second;
  if (q.kind == Request::Kind::Send) {
    auto key = sends_by_key.find({q.src, q.dst, q.tag, q.comm});
    if (key != sends_by_key.end() && key->second.erase(it->first) > 0 && key->second.empty())
      sends_by_key.erase(key);
  }
  if (auto b = buffered.find({q.src, q.dst, q.tag, q.comm}); q.buffered && b != buffered.end()) {
    b->second.erase(q.number);
    if (b->second.empty())
      buffered.erase(b);
  }
  requests.erase(it);
}

bool Rank::send_key_shared(const Request& q, std::optional<uint64_t> self) const
{
  auto key = sends_by_key.find({q.src, q.dst, q.tag, q.comm});
  if (key == sends_by_key.end())
    return false;
  return key->second.size() > (self && key->second.count(*self) > 0 ? 1u : 0u);
}

void Rank::wait_buffered(const Request& q)
{
  auto b = buffered.find({q.src, q.dst, q.tag, q.comm});
  if (b == buffered.end())
    return;
  std::vector<uint64_t> older;
  for (auto n = b->second.begin(); n != b->second.end() && n->first < q.number; ++n)
    older.push_back(n->second);
  for (uint64_t request : older) {  // complete in the replay: its wait returns at once
    emit("wait " + fields(q.src, q.dst, q.tag), q.comm);
    auto it = requests.find(request);
    track(out.lines.size() - 1, TrackedLine::Role::Wait, it->second.order, {q.src, q.dst, q.tag, q.comm});
    erase_request(it);
    dropped.insert(request);
  }
}

void Rank::null_peer(const std::string& name)
{
  null_in_call = true;
  out.null_peers[name]++;
}

void Rank::fail_completion(uint64_t position, uint64_t request, const char* event)
{
  fail(position, std::string(event) + " in " + call + " completes request " + std::to_string(request) +
                     ", which no event started, or an earlier event completed already (a request completes once)");
}

std::optional<Request> Rank::finish_request(uint64_t request, Request::Kind kind)
{
  auto it = requests.find(request);
  if (it == requests.end() || it->second.kind != kind)
    return std::nullopt;
  Request q = it->second;
  erase_request(it);
  return q;
}

} // namespace otf2ti
