#include "replay/fast/sharing.hpp"

#include <algorithm>

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
  Activity& a = activity(id);
  uint32_t version = a.version;
  std::vector<Use> kept = std::move(a.uses);  // its capacity: no allocation per message once warm
  a           = Activity{};
  a.version   = version + 1;
  a.remaining = amount;
  a.bound     = bound;
  a.penalty   = penalty;
  a.uses      = std::move(kept);
  a.uses.assign(uses.begin(), uses.end());
  return id;
}

void Sharing::touch(int resource, double demand_change)
{
  Resource& r    = resources_[static_cast<size_t>(resource)];
  bool was_tight = r.tight();
  r.demand += demand_change;
  if (r.users.empty())
    r.demand = 0;  // no rounding left behind
  if ((was_tight || r.tight()) && !r.dirty) {
    r.dirty = true;
    dirty_.push_back(resource);
  }
}

void Sharing::attach(int id)
{
  Activity& a = activity(id);
  for (size_t k = 0; k < a.uses.size(); k++) {
    Use& u     = a.uses[k];
    Resource& r = resources_[static_cast<size_t>(u.resource)];
    u.slot     = static_cast<int>(r.users.size());
    r.users.push_back({id, static_cast<int>(k)});
    touch(u.resource, u.weight * a.bound);
  }
}

void Sharing::detach(int id)
{
  Activity& a = activity(id);
  for (const Use& u : a.uses) {
    Resource& r = resources_[static_cast<size_t>(u.resource)];
    Resource::User moved = r.users.back();
    r.users[static_cast<size_t>(u.slot)] = moved;
    activity(moved.activity).uses[static_cast<size_t>(moved.use)].slot = u.slot;
    r.users.pop_back();
    touch(u.resource, -u.weight * a.bound);
  }
}

void Sharing::start(int id, double now)
{
  Activity& a = activity(id);
  a.sharing   = true;
  a.updated   = now;
  attach(id);
  fresh_.push_back(id);
}

void Sharing::finish(int id)
{
  Activity& a = activity(id);
  if (a.sharing)
    detach(id);
  a.sharing = false;
  a.uses.clear();
  a.version++;
  free_.push_back(id);
}

void Sharing::solve_dirty(double now)
{
  // The activities to solve: those on a dirty resource, and those that just started.
  std::vector<int>& solving = solved_;
  auto take = [&](int id) {
    Activity& a = activity(id);
    if (a.sharing && !a.in_solve) {
      a.in_solve = true;
      solving.push_back(id);
    }
  };
  for (int r : dirty_)
    for (const auto& user : resources_[static_cast<size_t>(r)].users)
      take(user.activity);
  for (int id : fresh_)
    take(id);
  for (int r : dirty_)
    resources_[static_cast<size_t>(r)].dirty = false;
  dirty_.clear();
  fresh_.clear();

  for (int id : solving) {
    Activity& a = activity(id);
    a.remaining = std::max(0.0, a.remaining - a.rate * (now - a.updated));
    a.updated   = now;
    a.fixed     = false;
    for (const Use& u : a.uses) {
      Resource& r = resources_[static_cast<size_t>(u.resource)];
      if (!r.in_solve) {
        r.in_solve = true;
        r.left     = r.capacity;
        r.share    = 0;
        r.pending  = 0;
        involved_.push_back(u.resource);
      }
      r.share += u.weight / a.penalty;
      r.pending++;
    }
  }
  // What the activities left as they are take from the resources.
  for (int index : involved_) {
    Resource& r = resources_[static_cast<size_t>(index)];
    for (const auto& user : r.users)
      if (const Activity& b = activity(user.activity); !b.in_solve)
        r.left -= b.uses[static_cast<size_t>(user.use)].weight * b.rate;
  }

  // Progressive filling: raise every unfixed activity's rate * penalty together until a resource or a bound
  // stops some of them; fix those; repeat.
  size_t unfixed = solving.size();
  std::vector<int> binding;
  while (unfixed > 0) {
    double level = std::numeric_limits<double>::infinity();
    for (int index : involved_) {
      const Resource& r = resources_[static_cast<size_t>(index)];
      if (r.pending > 0)
        level = std::min(level, std::max(0.0, r.left) / r.share);
    }
    for (int id : solving)
      if (const Activity& a = activity(id); !a.fixed)
        level = std::min(level, a.bound * a.penalty);
    binding.clear();
    for (int id : solving) {
      const Activity& a = activity(id);
      if (a.fixed)
        continue;
      bool binds = a.bound * a.penalty <= level * (1 + kTolerance);
      for (size_t k = 0; k < a.uses.size() && !binds; k++) {
        const Resource& r = resources_[static_cast<size_t>(a.uses[k].resource)];
        binds = r.pending > 0 && std::max(0.0, r.left) / r.share <= level * (1 + kTolerance);
      }
      if (binds || level == std::numeric_limits<double>::infinity())
        binding.push_back(id);
    }
    for (int id : binding) {
      Activity& a = activity(id);
      a.rate      = std::min(a.bound, level / a.penalty);
      a.fixed     = true;
      unfixed--;
      for (const Use& u : a.uses) {
        Resource& r = resources_[static_cast<size_t>(u.resource)];
        r.left -= u.weight * a.rate;
        r.share -= u.weight / a.penalty;
        r.pending--;
      }
    }
  }
  for (int index : involved_)
    resources_[static_cast<size_t>(index)].in_solve = false;
  involved_.clear();

  for (int id : solving) {
    Activity& a = activity(id);
    a.in_solve  = false;
    if (a.version_solved == a.version && a.rate == a.solved_rate)
      continue;  // the same rate: its finish date stands
    a.finish = a.rate > 0 ? now + a.remaining / a.rate
                          : (a.remaining > 0 ? std::numeric_limits<double>::infinity() : now);
    a.version++;
    a.solved_rate    = a.rate;
    a.version_solved = a.version;
    changed_.push_back(id);
  }
  solving.clear();
}

} // namespace tireplay::fast
