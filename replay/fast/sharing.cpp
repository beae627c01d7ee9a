#include "replay/fast/sharing.hpp"

#include <algorithm>
#include <cmath>

namespace tireplay::fast {
namespace {

constexpr double kTolerance = 1e-9;  // relative: resources within it of the tightest one bind together

} // namespace

int Sharing::add_resource(double capacity)
{
  resources_.push_back({});
  resources_.back().capacity = capacity;
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
  Activity& a           = activity(id);
  std::vector<Use> kept = std::move(a.uses);  // its capacity: no allocation per message once warm
  a                     = Activity{};
  a.remaining           = amount;
  a.bound               = bound;
  a.penalty             = penalty;
  a.uses                = std::move(kept);
  a.uses.assign(uses.begin(), uses.end());
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
    r.share += u.weight / a.penalty;
    r.fresh_demand += u.weight * a.bound;
    if (r.saturated ? std::abs(r.share - r.share_solved) > drift_ * r.share_solved
                    : r.used + r.fresh_demand > r.capacity * (1 - 1e-12))
      mark(u.resource);
  }
  fresh_.push_back(id);
}

void Sharing::finish(int id)
{
  Activity& a = activity(id);
  if (a.sharing) {
    for (const Use& u : a.uses) {
      Resource& r = resource(u.resource);
      Resource::User moved                 = r.users.back();
      r.users[static_cast<size_t>(u.slot)] = moved;
      activity(moved.activity).uses[static_cast<size_t>(moved.use)].slot = u.slot;
      r.users.pop_back();
      r.used -= u.weight * a.rate;
      r.share -= u.weight / a.penalty;
      if (r.users.empty()) {
        r.used = r.share = r.fresh_demand = 0;  // no rounding left behind
        r.saturated = false;
      } else if (r.saturated && std::abs(r.share - r.share_solved) > drift_ * r.share_solved) {
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

void Sharing::gather(double now)
{
  auto take = [this](int id) {
    Activity& a = activity(id);
    if (a.sharing && !a.in_solve) {
      a.in_solve = true;
      solving_.push_back(id);
    }
  };
  for (int r : dirty_)
    for (const auto& user : resource(r).users)
      take(user.activity);
  for (int id : fresh_)
    take(id);
  fresh_.clear();

  for (int id : solving_) {
    Activity& a = activity(id);
    a.remaining = std::max(0.0, a.remaining - a.rate * (now - a.updated));
    a.updated   = now;
    a.fixed     = false;
    a.old_rate  = a.rate;
    for (const Use& u : a.uses) {
      Resource& r = resource(u.resource);
      if (!r.in_solve) {
        r.in_solve = true;
        // A dirty resource is solved with all its users; a saturated one left alone bounds its users at its
        // level; any other gives what its other users leave.
        r.role          = !r.dirty && r.saturated ? Resource::Role::Level : Resource::Role::Capacity;
        r.left          = r.dirty ? r.capacity : r.capacity - r.used;
        r.pending_share = 0;
        r.pending       = 0;
        r.binds         = false;
        r.was_dirty     = r.dirty;
        r.used_before   = r.used;
        involved_.push_back(u.resource);
      }
      if (!r.dirty)
        r.left += u.weight * a.old_rate;
      r.pending_share += u.weight / a.penalty;
      r.pending++;
    }
  }
  for (int id : solving_) {
    Activity& a = activity(id);
    a.cap_level = a.bound * a.penalty;
    for (const Use& u : a.uses)
      if (const Resource& r = resource(u.resource); r.role == Resource::Role::Level)
        a.cap_level = std::min(a.cap_level, r.level);
  }
}

void Sharing::fill()
{
  // Progressive filling: raise every unfixed activity's rate * penalty together until a resource or a bound
  // stops some of them; fix those; repeat.
  size_t unfixed = solving_.size();
  while (unfixed > 0) {
    double level = std::numeric_limits<double>::infinity();
    for (int index : involved_)
      if (const Resource& r = resource(index); r.role == Resource::Role::Capacity && r.pending > 0)
        level = std::min(level, std::max(0.0, r.left) / r.pending_share);
    for (int id : solving_)
      if (const Activity& a = activity(id); !a.fixed)
        level = std::min(level, a.cap_level);
    binding_.clear();
    for (int id : solving_) {
      Activity& a = activity(id);
      if (a.fixed)
        continue;
      bool binds = a.cap_level <= level * (1 + kTolerance) || std::isinf(level);
      for (const Use& u : a.uses) {
        Resource& r = resource(u.resource);
        if (r.role == Resource::Role::Capacity && r.pending > 0 &&
            std::max(0.0, r.left) / r.pending_share <= level * (1 + kTolerance)) {
          binds = true;
          if (!r.binds) {
            r.binds = true;
            r.level = level;
          }
        }
      }
      if (binds)
        binding_.push_back(id);
    }
    for (int id : binding_) {
      Activity& a = activity(id);
      a.rate      = std::min(a.bound, level / a.penalty);
      a.fixed     = true;
      unfixed--;
      for (const Use& u : a.uses) {
        Resource& r = resource(u.resource);
        r.left -= u.weight * a.rate;
        r.pending_share -= u.weight / a.penalty;
        r.pending--;
      }
    }
  }
}

void Sharing::settle(double now)
{
  for (int id : solving_) {
    Activity& a = activity(id);
    for (const Use& u : a.uses)
      resource(u.resource).used += u.weight * (a.rate - a.old_rate);
    if (a.rate != a.old_rate || !(a.finish < std::numeric_limits<double>::infinity())) {
      a.finish = a.rate > 0 ? now + a.remaining / a.rate
                            : (a.remaining > 0 ? std::numeric_limits<double>::infinity() : now);
      changed_.push_back(id);
    }
  }
  for (int index : involved_) {
    Resource& r = resource(index);
    r.in_solve  = false;
    r.fresh_demand = 0;
    if (r.role == Resource::Role::Capacity) {
      r.saturated    = r.binds;
      r.share_solved = r.share;
    }
    r.dirty = false;
  }
  for (int index : dirty_)
    resource(index).dirty = false;
  dirty_.clear();
  // What changed here may change the shares elsewhere: a saturated resource that kept its level while its
  // users' rates moved (their own bottleneck changed) by more than the drift, or a resource that ran out of
  // capacity in this solve while users of it were left out, is solved again with all its users.
  for (int index : involved_) {
    Resource& r = resource(index);
    bool moved  = std::abs(r.used - r.used_before) > (drift_ + 1e-9) * r.capacity;
    if ((r.role == Resource::Role::Level && moved) ||
        (r.role == Resource::Role::Capacity && !r.was_dirty && r.binds && has_others(r)))
      mark(index);
  }
  involved_.clear();
  for (int id : solving_)
    activity(id).in_solve = false;
  solving_.clear();
}

void Sharing::solve_dirty(double now)
{
  for (int round = 0; round < 8 && !(dirty_.empty() && fresh_.empty()); round++) {
    gather(now);
    fill();
    settle(now);
  }
}

} // namespace tireplay::fast
