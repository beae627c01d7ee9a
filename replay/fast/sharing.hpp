// The fast level's fluid model: activities (messages, computations) drain an amount through resources (links, host
// CPUs) that share their capacity as SimGrid's max-min solver does (weighted by each activity's sharing penalty,
// bounded per activity), but solved only where an event changed something: the activities on the resources an
// activity entered or left, and only on resources whose activities could together ask for more than the
// capacity ("tight" ones). The rates of activities elsewhere are kept: the approximation of the fast level
// (docs/fidelity.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace tireplay::fast {

struct Use {
  int resource;
  double weight;  // capacity consumed per unit of the activity's rate
  int slot = -1;  // index in the resource's list of users
};

struct Activity {
  double remaining   = 0;  // amount left at `updated`
  double rate        = 0;  // amount per second since `updated`
  double updated     = 0;
  double bound       = std::numeric_limits<double>::infinity();  // the highest rate the activity may get
  double penalty     = 1;  // max-min weight: a shared resource gives rates in proportion to 1 / penalty
  double finish      = std::numeric_limits<double>::infinity();  // the date it ends at its current rate
  uint32_t version   = 0;  // bumped on every change of rate: older completion events are stale
  double solved_rate = -1;  // the rate its completion event was computed with
  uint32_t version_solved = 0;
  bool sharing       = false;  // draining (after a message's latency)
  bool in_solve      = false;
  bool fixed         = false;
  std::vector<Use> uses;
};

struct Resource {
  double capacity = 0;
  double demand   = 0;  // sum over its users of weight * bound: above the capacity, the resource may bind
  struct User {
    int activity;
    int use;  // index in the activity's uses
  };
  std::vector<User> users;
  bool dirty   = false;
  bool in_solve = false;
  double left  = 0;  // during a solve: capacity not yet given
  double share = 0;  // during a solve: sum of weight / penalty of its activities not yet fixed
  int pending  = 0;  // during a solve: how many they are
  bool tight() const { return demand > capacity * (1 - 1e-12); }
};

class Sharing {
public:
  int add_resource(double capacity);
  /// An activity, not sharing yet (a message in its latency): its id.
  int create(double amount, double bound, double penalty, const std::vector<Use>& uses);
  /// From now on, the activity drains through its resources.
  void start(int id, double now);
  /// Removes a finished activity from its resources; its id may be reused.
  void finish(int id);
  /// New rates for the activities touched since the last call, as of `now`. Calls `changed(id)` for each
  /// activity whose finish date changed.
  template <class F> void solve(double now, F&& changed)
  {
    solve_dirty(now);
    for (int id : changed_)
      changed(id);
    changed_.clear();
  }

  Activity& activity(int id) { return activities_[static_cast<size_t>(id)]; }
  size_t live_activities() const { return activities_.size() - free_.size(); }

private:
  void touch(int resource, double demand_change);
  void solve_dirty(double now);
  void attach(int id);
  void detach(int id);

  std::vector<Activity> activities_;
  std::vector<int> free_;
  std::vector<Resource> resources_;
  std::vector<int> dirty_;       // resources
  std::vector<int> fresh_;       // activities started since the last solve
  std::vector<int> solved_;      // activities being solved
  std::vector<int> changed_;     // activities given a new rate
  std::vector<int> involved_;    // resources of the activities being solved
};

} // namespace tireplay::fast
