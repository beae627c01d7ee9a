// Groups: on a saturated link carrying many messages (a backbone), most messages are bound by that link alone and
// drain at its level / their penalty. A change of the level (a message starts or ends there) would otherwise change
// each of their rates and finish dates: thousands of updates per event. A group keeps them as one clock: a
// member's progress times its penalty is the group's `clock` (sum of level * time), and it ends when the clock
// reaches its `target`; the group's next end is one heap entry. A new level is computed from the totals
// (relevel_groups) while it stays below every member's limit elsewhere, for at most kRelevels changes; then, or
// when a member is solved with another resource, the link is solved in full and its group formed again.
#include "replay/fast/sharing.hpp"

#include <algorithm>
#include <cmath>

namespace tireplay::fast {
namespace {

constexpr int kRelevels       = 32;
constexpr double kRelevelRange = 0.25;  // the largest relative change of level a relevel makes
constexpr double kTolerance = 1e-9;

} // namespace

void Sharing::heap_place(Resource& r, size_t slot, const Resource::Member& m)
{
  r.members[slot]                   = m;
  activity(m.activity).group_slot = static_cast<int>(slot);
}

void Sharing::heap_up(Resource& r, size_t slot)
{
  Resource::Member m = r.members[slot];
  while (slot > 0) {
    size_t parent = (slot - 1) / 2;
    if (!earlier(m, r.members[parent]))
      break;
    heap_place(r, slot, r.members[parent]);
    slot = parent;
  }
  heap_place(r, slot, m);
}

void Sharing::heap_down(Resource& r, size_t slot)
{
  Resource::Member m = r.members[slot];
  for (;;) {
    size_t child = 2 * slot + 1;
    if (child >= r.members.size())
      break;
    if (child + 1 < r.members.size() && earlier(r.members[child + 1], r.members[child]))
      child++;
    if (!earlier(r.members[child], m))
      break;
    heap_place(r, slot, r.members[child]);
    slot = child;
  }
  heap_place(r, slot, m);
}

double& Sharing::load(Resource& r, int other)
{
  if (r.load_of.size() < resources_.size())
    r.load_of.resize(resources_.size(), nullptr);
  double*& entry = r.load_of[static_cast<size_t>(other)];
  if (entry == nullptr)
    entry = &r.loads[other];  // (an unordered_map's elements stay in place when it grows)
  return *entry;
}

void Sharing::clear_loads(Resource& r)
{
  for (const auto& [other, load] : r.loads)
    r.load_of[static_cast<size_t>(other)] = nullptr;
  r.loads.clear();
}

void Sharing::advance_clock(Resource& r, double now)
{
  r.clock += r.level * (now - r.clock_at);
  r.clock_at = now;
}

double Sharing::remaining(int id, double now)
{
  const Activity& a = activity(id);
  if (!a.sharing)
    return a.remaining;
  if (a.group >= 0) {
    const Resource& r = resource(a.group);
    return std::max(0.0, (a.target - (r.clock + r.level * (now - r.clock_at))) / a.penalty);
  }
  return std::max(0.0, a.remaining - a.rate * (now - a.updated));
}

double Sharing::group_date(int index)
{
  Resource& r = resource(index);
  if (!r.grouped || r.members.empty() || !(r.level > 0))
    return std::numeric_limits<double>::infinity();
  return r.clock_at + std::max(0.0, r.members.front().target - r.clock) / r.level;
}

void Sharing::leave_group(int id, double now)
{
  Activity& a = activity(id);
  int index   = a.group;
  Resource& r = resource(index);
  advance_clock(r, now);
  // Its own rate from now on is the one it had in the group: the resources' usage stays right.
  a.remaining = std::max(0.0, (a.target - r.clock) / a.penalty);
  a.rate      = r.level / a.penalty;
  a.updated   = now;
  size_t slot            = static_cast<size_t>(a.group_slot);
  Resource::Member last  = r.members.back();
  r.members.pop_back();
  if (slot < r.members.size()) {
    heap_place(r, slot, last);
    heap_up(r, slot);
    heap_down(r, static_cast<size_t>(activity(last.activity).group_slot));
  }
  for (const Use& u : a.uses) {
    if (u.resource == index)
      r.member_share -= u.weight / a.penalty;
    else
      load(r, u.resource) -= u.weight / a.penalty;
  }
  a.group      = -1;
  a.group_slot = -1;
  if (r.members.empty()) {
    r.grouped      = false;
    grouped_--;
    r.member_share = 0;
    clear_loads(r);
  }
  note_group_change(index);
}

void Sharing::relevel_groups(double now)
{
  if (grouped_ == 0)
    return;  // (every resource in dirty_ is dirty: only a relevel clears one)
  // dirty_ is rebuilt from a copy kept between calls: a fresh vector here cost an allocation per solve.
  relevel_pending_.swap(dirty_);
  dirty_.clear();
  for (int index : relevel_pending_) {
    Resource& r = resource(index);
    if (!r.dirty)
      continue;
    bool relevelled = false;
    if (r.grouped && r.member_share > 0 && r.relevels < kRelevels) {
      // What the others take stays; the members share the rest (the activities that just started get that level).
      double others = r.used - r.level * r.member_share;
      double level  = std::max(0.0, r.capacity - others) / r.member_share;
      // A level that moved by more than the members' shares could explain: the others' rates changed (their own
      // limits); the link is solved in full.
      bool explained = std::abs(level - r.level) <= kRelevelRange * r.level;
      if (level > 0 && explained && level <= r.cap_other * (1 + kTolerance)) {
        advance_clock(r, now);
        double delta = level - r.level;
        r.used += r.member_share * delta;
        for (const auto& [other, load] : r.loads) {
          Resource& o = resource(other);
          o.used += load * delta;
          if (o.saturated && std::abs(load * delta) > (drift(o) + 1e-9) * o.capacity)
            mark(other);
        }
        r.level        = level;
        r.share_solved = r.share;
        r.relevels++;
        r.dirty    = false;
        relevelled = true;
        note_group_change(index);
      }
    }
    if (!relevelled)
      dirty_.push_back(index);  // solved in full
  }
}

void Sharing::join_group(int index, const Solved& s, double now)
{
  Resource& r = resource(index);
  Activity& a = activity(s.id);
  advance_clock(r, now);
  a.group  = index;
  a.target = r.clock + a.remaining * a.penalty;
  a.finish = std::numeric_limits<double>::infinity();
  changed_.push_back(s.id);  // its own finish date is gone
  r.members.push_back({a.target, s.id});
  heap_up(r, r.members.size() - 1);
  for (const Use& u : a.uses) {
    if (u.resource == index)
      r.member_share += u.weight / a.penalty;
    else
      load(r, u.resource) += u.weight / a.penalty;
  }
  r.cap_other = std::min(r.cap_other, s.cap_level);
  note_group_change(index);
}

void Sharing::form_groups(double now)
{
  // A resource solved in full (all its users were solved) that bound many of them forms a group of those. (An
  // activity that starts on a grouped resource is held at its level with a rate of its own until the resource is
  // solved in full: joining at once was 1.5x slower at 65,536 ranks for 0.2% of accuracy.)
  // Most solves form no group: fill() lists the resources that may (may_form()) as they bind, and the members are
  // looked for only when one does.
  if (forming_.empty())
    return;
  for (int index : forming_) {
    Resource& r    = resource(index);
    r.forming      = true;
    r.grouped      = true;
    r.clock        = 0;
    r.clock_at     = now;
    r.relevels     = 0;
    r.member_share = 0;
    r.cap_other    = std::numeric_limits<double>::infinity();
    r.members.clear();
    clear_loads(r);
  }
  for (const Solved& s : solved_) {
    if (s.bound_by < 0)
      continue;
    if (resource(s.bound_by).forming)
      join_group(s.bound_by, s, now);
  }
  for (int index : forming_) {
    Resource& r = resource(index);
    r.forming   = false;
    if (r.members.empty())
      r.grouped = false;
    else
      grouped_++;
  }
  forming_.clear();
}

} // namespace tireplay::fast
