#include "replay/fast/sharing.hpp"

#include <algorithm>
#include <cmath>

namespace tireplay::fast {
namespace {

constexpr double kTolerance = 1e-9;  // relative: resources within it of the tightest one bind together

} // namespace

int Sharing::add_resource(double capacity, bool fatpipe)
{
  resources_.push_back({});
  resources_.back().capacity = capacity;
  resources_.back().fatpipe  = fatpipe;
  return static_cast<int>(resources_.size() - 1);
}

int Sharing::create(double amount, double bound, double penalty, const std::vector<Use>& uses)
{
  int id;
  if (free_.empty()) {
    id = static_cast<int>(activities_.size());
    activities_.emplace_back();
  } else {
    id = free_.back();
    free_.pop_back();
  }
  Activity& a  = activity(id);
  a.remaining  = amount;
  a.rate       = 0;
  a.bound      = bound;
  a.penalty    = penalty;
  a.finish     = std::numeric_limits<double>::infinity();
  a.sharing    = false;
  a.in_solve   = false;
  a.group      = -1;
  a.group_slot = -1;
  a.uses.assign(uses);
  return id;
}

void Sharing::mark(int index)
{
  Resource& r = resource(index);
  if (!r.dirty) {
    r.dirty = true;
    dirty_.push_back(index);
  }
}

void Sharing::start(int id, double now)
{
  Activity& a = activity(id);
  a.sharing   = true;
  a.updated   = now;
  for (size_t k = 0; k < a.uses.size(); k++) {
    Use& u      = a.uses[k];
    Resource& r = resource(u.resource);
    u.slot      = static_cast<int>(r.users.size());
    r.users.push_back({id, static_cast<int>(k)});
    if (r.fatpipe) {
      r.fat_ratios[u.weight / a.penalty]++;
      if (mixed(r))
        mark(u.resource);
      continue;
    }
    r.share += u.weight / a.penalty;
    r.fresh_demand += u.weight * a.bound;
    if (r.saturated ? std::abs(r.share - r.share_solved) > drift(r) * r.share_solved
                    : r.used + r.fresh_demand > r.capacity * (1 - 1e-12))
      mark(u.resource);
  }
  fresh_.push_back(id);
}

void Sharing::finish(int id, double now)
{
  Activity& a = activity(id);
  if (a.group >= 0)
    leave_group(id, now);
  if (a.sharing) {
    for (const Use& u : a.uses) {
      Resource& r = resource(u.resource);
      Resource::User moved                 = r.users.back();
      r.users[static_cast<size_t>(u.slot)] = moved;
      activity(moved.activity).uses[static_cast<size_t>(moved.use)].slot = u.slot;
      r.users.pop_back();
      if (r.fatpipe) {
        bool was_mixed = mixed(r);
        auto ratio     = r.fat_ratios.find(u.weight / a.penalty);
        if (--ratio->second == 0)
          r.fat_ratios.erase(ratio);
        if (was_mixed && !r.users.empty())
          mark(u.resource);
        continue;
      }
      r.used -= u.weight * a.rate;
      r.share -= u.weight / a.penalty;
      if (r.users.empty()) {
        r.used = r.share = r.fresh_demand = 0;  // no rounding left behind
        r.saturated = false;
      } else if (r.saturated && std::abs(r.share - r.share_solved) > drift(r) * r.share_solved) {
        mark(u.resource);  // the others may take what it leaves
      }
    }
  }
  a.sharing = false;
  a.uses.clear();
  free_.push_back(id);
}

bool Sharing::has_others(const Resource& r)
{
  for (const auto& user : r.users)
    if (!activity(user.activity).in_solve)
      return true;
  return false;
}

void Sharing::take(int id, double now)
{
  Activity& a = activity(id);
  if (!a.sharing || a.in_solve)
    return;
  if (a.group >= 0)
    leave_group(id, now);
  a.in_solve  = true;
  a.remaining = std::max(0.0, a.remaining - a.rate * (now - a.updated));
  a.updated   = now;
  Solved s{id, a.penalty, a.bound, a.bound * a.penalty, a.rate, a.rate,
           static_cast<uint32_t>(solved_uses_.size()), static_cast<uint32_t>(a.uses.size()), false, -1};
  for (const Use& u : a.uses) {
    Resource& r = resource(u.resource);
    if (!r.in_solve) {
      r.in_solve = true;
      // A dirty resource is solved with all its users; a saturated one left alone bounds its users at its
      // level; any other gives what its other users leave.
      r.role          = !r.dirty && r.saturated && !r.fatpipe ? Resource::Role::Level : Resource::Role::Capacity;
      r.left          = r.dirty || r.fatpipe ? r.capacity : r.capacity - r.used;
      r.pending_share = 0;
      r.pending       = 0;
      r.binds         = false;
      r.was_dirty     = r.dirty;
      r.used_before   = r.used;
      involved_.push_back(u.resource);
      involved_mixed_ = involved_mixed_ || mixed(r);
    }
    if (!r.dirty && !r.fatpipe)
      r.left += u.weight * a.rate;
    r.pending_share += u.weight / a.penalty;
    r.pending++;
    if (r.role == Resource::Role::Level)
      s.cap_level = std::min(s.cap_level, r.level);
    solved_uses_.push_back({u.resource, u.weight});
  }
  solved_.push_back(s);
}

void Sharing::gather(double now)
{
  // Each activity is read once, into solved_: the filling below runs over these arrays in order.
  for (int r : dirty_)
    for (const auto& user : resource(r).users)
      take(user.activity, now);
  for (int id : fresh_)
    take(id, now);
  fresh_.clear();
}

void Sharing::fill()
{
  // Progressive filling: raise every unfixed activity's rate * penalty together until a resource or a bound
  // stops some of them; fix those; repeat.
  size_t unfixed = solved_.size();
  bool fat       = involved_mixed_;
  while (unfixed > 0) {
    if (fat)
      fat_shares();
    double level = std::numeric_limits<double>::infinity();
    for (int index : involved_) {
      Resource& r = resource(index);
      bool gives  = r.role == Resource::Role::Capacity && r.pending > 0 && (!r.fatpipe || (mixed(r) && r.was_dirty));
      r.ratio     = gives ? std::max(0.0, r.left) / r.pending_share : std::numeric_limits<double>::infinity();
      level       = std::min(level, r.ratio);
    }
    for (const Solved& s : solved_)
      if (!s.fixed)
        level = std::min(level, s.cap_level);
    const double reach = std::isinf(level) ? level : level * (1 + kTolerance);
    binding_.clear();
    for (size_t i = 0; i < solved_.size(); i++) {
      Solved& s = solved_[i];
      if (s.fixed)
        continue;
      bool binds = s.cap_level <= reach;
      s.bound_by = -1;
      for (uint32_t k = s.first_use; k < s.first_use + s.uses; k++) {
        Resource& r = resource(solved_uses_[k].resource);
        if (r.ratio <= reach) {
          if (!binds)
            s.bound_by = solved_uses_[k].resource;
          binds = true;
          if (!r.binds) {
            r.binds = true;
            r.level = level;
            if (may_form(r))
              forming_.push_back(solved_uses_[k].resource);
          }
        }
      }
      if (binds)
        binding_.push_back(static_cast<int>(i));
    }
    for (int i : binding_) {
      Solved& s = solved_[static_cast<size_t>(i)];
      s.rate    = std::min(s.bound, level / s.penalty);
      s.fixed   = true;
      unfixed--;
      for (uint32_t k = s.first_use; k < s.first_use + s.uses; k++) {
        Resource& r = resource(solved_uses_[k].resource);
        if (!r.fatpipe) {
          r.left -= solved_uses_[k].weight * s.rate;
          r.pending_share -= solved_uses_[k].weight / s.penalty;
        }
        r.pending--;
      }
    }
  }
}

void Sharing::fat_shares()
{
  // A FATPIPE resource's share is the largest weight / penalty among its users not fixed yet.
  for (int index : involved_)
    if (resource(index).fatpipe)
      resource(index).pending_share = 0;
  for (const Solved& s : solved_)
    if (!s.fixed)
      for (uint32_t k = s.first_use; k < s.first_use + s.uses; k++) {
        Resource& r = resource(solved_uses_[k].resource);
        if (r.fatpipe)
          r.pending_share = std::max(r.pending_share, solved_uses_[k].weight / s.penalty);
      }
}

void Sharing::settle(double now)
{
  for (const Solved& s : solved_) {
    Activity& a = activity(s.id);
    a.rate      = s.rate;
    for (uint32_t k = s.first_use; k < s.first_use + s.uses; k++)
      resource(solved_uses_[k].resource).used += solved_uses_[k].weight * (s.rate - s.old_rate);
    if (s.rate != s.old_rate || !(a.finish < std::numeric_limits<double>::infinity())) {
      a.finish = a.rate > 0 ? now + a.remaining / a.rate
                            : (a.remaining > 0 ? std::numeric_limits<double>::infinity() : now);
      changed_.push_back(s.id);
    }
  }
  form_groups(now);
  for (int index : dirty_)
    resource(index).dirty = false;
  dirty_.clear();
  // What changed here may change the shares elsewhere: a saturated resource that kept its level while its
  // users' rates moved (their own bottleneck changed) by more than the drift, or a resource that ran out of
  // capacity in this solve while users of it were left out, is solved again with all its users. (Each resource is
  // closed first: what marks one reads nothing the closing of the others changes.)
  for (int index : involved_) {
    Resource& r = resource(index);
    r.in_solve  = false;
    r.fresh_demand = 0;
    if (r.role == Resource::Role::Capacity) {
      r.saturated    = r.binds;
      r.share_solved = r.share;
    }
    r.dirty     = false;
    bool moved  = std::abs(r.used - r.used_before) > (drift(r) + 1e-9) * r.capacity;
    // (a FATPIPE resource with mixed users, met here through one of them, is solved next with all of them)
    if ((r.role == Resource::Role::Level && moved) ||
        (r.role == Resource::Role::Capacity && !r.was_dirty && r.binds && has_others(r)) ||
        (mixed(r) && !r.was_dirty))
      mark(index);
  }
  involved_.clear();
  involved_mixed_ = false;
  for (const Solved& s : solved_)
    activity(s.id).in_solve = false;
  solved_.clear();
  solved_uses_.clear();
}

void Sharing::solve_dirty(double now)
{
  for (int round = 0; round < 8 && !(dirty_.empty() && fresh_.empty()); round++) {
    relevel_groups(now);
    gather(now);
    fill();
    settle(now);
  }
}

} // namespace tireplay::fast
