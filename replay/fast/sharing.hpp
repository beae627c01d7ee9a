// The fast level's fluid model: activities (messages, computations) drain an amount through resources (links, host
// CPUs) that share their capacity as SimGrid's max-min solver does (rates in proportion to 1 / an activity's
// sharing penalty, each bounded), but solved only where an event changed something:
//  - a resource an activity enters is solved again only if it may then run out of capacity; one it leaves, only
//    if it had run out (was saturated);
//  - a saturated resource with many activities whose shares moved by less than `drift` since it was last solved
//    keeps its level: the activities on it keep their rates, a new one gets the level (a busy backbone is not
//    solved again for each of thousands of messages);
//  - the activities solved are those on the resources solved, and the new ones; the others keep their rates.
// With drift 0 and one resource changed at a time, this is SimGrid's max-min outcome; docs/fidelity.md says what
// the rest costs.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <unordered_map>
#include <vector>

namespace tireplay::fast {

struct Use {
  int resource;
  int slot;       // index in the resource's list of users
  double weight;  // capacity consumed per unit of the activity's rate
};

/// An activity's resources, inline up to a cluster route's (its links both ways): a solve reads an activity in
/// one place, not its list elsewhere.
class UseList {
public:
  void assign(const std::vector<Use>& from)
  {
    size_ = from.size();
    if (size_ <= kInline)
      std::copy(from.begin(), from.end(), inline_);
    else
      more_.assign(from.begin(), from.end());
  }
  Use* begin() { return size_ <= kInline ? inline_ : more_.data(); }
  Use* end() { return begin() + size_; }
  const Use* begin() const { return size_ <= kInline ? inline_ : more_.data(); }
  const Use* end() const { return begin() + size_; }
  size_t size() const { return size_; }
  Use& operator[](size_t k) { return begin()[k]; }
  void clear() { size_ = 0; }

private:
  static constexpr size_t kInline = 5;
  size_t size_ = 0;
  Use inline_[kInline];
  std::vector<Use> more_;
};

struct Activity {  // what a solve reads first, first
  bool sharing     = false;  // draining (after a message's latency)
  bool in_solve    = false;  // during a solve
  double remaining = 0;  // amount left at `updated`
  double rate      = 0;  // amount per second since `updated`
  double updated   = 0;
  double bound     = std::numeric_limits<double>::infinity();  // the highest rate the activity may get
  double penalty   = 1;  // max-min weight: a resource gives rates in proportion to 1 / penalty
  UseList uses;
  double finish    = std::numeric_limits<double>::infinity();  // the date it ends at its current rate
  // A member of a group (replay/fast/sharing_groups.cpp) has no finish date of its own: it drains at its group's
  // level / penalty, its progress the group's clock, and ends when that clock reaches `target`.
  int group      = -1;
  int group_slot = -1;  // in the group's heap
  double target  = 0;
};

struct alignas(64) Resource {  // (384 bytes: its address by index in two instructions, and whole cache lines)
  /// A FATPIPE link (SimGrid's lmm): its capacity is not divided among its users but bounds each, at its level
  /// (capacity / the largest weight / penalty among the users not yet fixed) / the user's penalty. While its users
  /// all have one weight / penalty, that is capacity / weight for each: their bound, and the resource stays out of
  /// the solves; with several, it is solved with all its users whenever one starts or ends.
  bool fatpipe = false;
  std::map<double, int> fat_ratios;  // weight / penalty -> its users with it
  struct User {
    int activity;
    int use;  // index in the activity's uses
  };
  double capacity = 0;
  std::vector<User> users;
  double used  = 0;  // sum of weight * rate over the users
  double share = 0;  // sum of weight / penalty over the users
  double fresh_demand = 0;  // sum of weight * bound over the users that started since the last solve
  bool saturated      = false;  // the last solve ran it out of capacity, at `level` (rate * penalty)
  double level        = 0;
  double share_solved = 0;  // `share` at that solve
  bool dirty          = false;
  // During a solve:
  enum class Role { Capacity, Level } role = Role::Capacity;
  bool in_solve = false;
  double left   = 0;  // capacity not yet given
  double pending_share = 0;  // sum of weight / penalty of its activities not yet fixed
  int pending          = 0;
  bool binds           = false;
  double ratio         = 0;  // left / pending_share: the level at which it runs out
  bool was_dirty       = false;
  double used_before   = 0;
  bool forming         = false;
  // A group: the many activities bound by this resource at its last solve drain at `level` / penalty together;
  // a change of level moves one clock instead of each of them (sharing_groups.cpp).
  bool grouped        = false;
  double clock        = 0;  // sum of level * time since the group formed: a member's progress times its penalty
  double clock_at     = 0;
  struct Member {
    double target;  // a copy of the activity's: the heap reads no activity
    int activity;
  };
  std::vector<Member> members;  // a heap by target
  double member_share = 0;   // sum of weight / penalty of the members here
  std::unordered_map<int, double> loads;  // the members' other resources: sum of weight / penalty on each
  // By resource: its entry in `loads`, or nullptr. A member's start and end update each of its other resources'
  // loads: hashing took 6% of a 64-rank alltoall. (The map stays: relevel_groups() goes through it in its order.)
  std::vector<double*> load_of;
  double cap_other = 0;      // the lowest limit elsewhere of a member (rate * penalty) when the group formed
  int relevels     = 0;      // changes of level since
  bool group_noted = false;  // in group_changed_ (once: each member's start and end there changes the group)
};

class Sharing {
public:
  /// `drift`: the relative change of a saturated resource's shares below which it keeps its level, on a resource
  /// with at least `many` activities (fewer cost little to solve: they always are).
  explicit Sharing(double drift = 0, size_t many = 64) : drift_(drift), many_(many) {}

  int add_resource(double capacity, bool fatpipe = false);
  /// An activity, not sharing yet (a message in its latency): its id.
  int create(double amount, double bound, double penalty, const std::vector<Use>& uses);
  /// From now on, the activity drains through its resources.
  void start(int id, double now);
  /// Removes a finished activity from its resources; its id may be reused.
  void finish(int id, double now);
  /// New rates as of `now` for the activities touched since the last call. Calls `changed(id)` for each
  /// activity whose finish date changed.
  template <class F, class G> void solve(double now, F&& changed, G&& group_changed)
  {
    solve_dirty(now);
    for (int id : changed_)
      changed(id);
    changed_.clear();
    for (int r : group_changed_) {
      resource(r).group_noted = false;
      group_changed(r);
    }
    group_changed_.clear();
  }
  /// The amount activity `id` has left at `now` (all of it before it starts), without solving.
  double remaining(int id, double now);
  /// When the next member of the group of resource `r` ends (infinite: none), and which one.
  double group_date(int r);
  int group_next(int r) { return resource(r).members.front().activity; }

  Activity& activity(int id) { return activities_[static_cast<size_t>(id)]; }
  /// Its rate now: a group member drains at its group's level / its penalty.
  double rate(int id)
  {
    const Activity& a = activity(id);
    return a.group >= 0 ? resource(a.group).level / a.penalty : a.rate;
  }
  Resource& resource(int id) { return resources_[static_cast<size_t>(id)]; }

private:
  void mark(int resource);
  bool has_others(const Resource& r);
  /// One activity being solved, copied out of the activities for a filling that runs over arrays in order.
  struct Solved {
    int id;
    double penalty, bound;
    double cap_level;  // bound * penalty, and the levels of the saturated resources it crosses that keep theirs
    double rate, old_rate;
    uint32_t first_use, uses;  // in solved_uses_
    bool fixed;
    int bound_by;  // the resource that fixed its rate, -1 for its own limit
  };
  struct SolvedUse {
    int resource;
    double weight;
  };

  void solve_dirty(double now);
  void take(int id, double now);
  void gather(double now);
  void fill();
  void settle(double now);
  // Groups (sharing_groups.cpp).
  void relevel_groups(double now);
  void form_groups(double now);
  /// Whether resource `r`, which binds in this solve, forms a group (the rarest condition first).
  bool may_form(const Resource& r) const
  {
    return r.users.size() >= many_ && drift_ > 0 && r.was_dirty && !r.grouped && !r.fatpipe &&
           r.role == Resource::Role::Capacity;
  }
  void join_group(int resource, const Solved& s, double now);
  void leave_group(int id, double now);
  void advance_clock(Resource& r, double now);
  /// The members' load of group `r` on resource `other`, made 0 if there is none.
  double& load(Resource& r, int other);
  void clear_loads(Resource& r);
  /// Puts resource `r` in group_changed_ if it is not there yet.
  void note_group_change(int r)
  {
    if (!resource(r).group_noted) {
      resource(r).group_noted = true;
      group_changed_.push_back(r);
    }
  }
  static bool earlier(const Resource::Member& a, const Resource::Member& b)
  {
    return a.target < b.target || (a.target == b.target && a.activity < b.activity);
  }
  void heap_place(Resource& r, size_t slot, const Resource::Member& m);
  void heap_up(Resource& r, size_t slot);
  void heap_down(Resource& r, size_t slot);

  /// A FATPIPE resource whose users have different weights / penalties (it bounds them unequally).
  static bool mixed(const Resource& r) { return r.fatpipe && r.fat_ratios.size() > 1; }
  /// During fill(): each FATPIPE resource's pending_share, from its unfixed users.
  void fat_shares();
  double drift(const Resource& r) const { return r.users.size() >= many_ ? drift_ : 0; }

  double drift_;
  size_t many_;
  std::vector<Activity> activities_;
  std::vector<int> free_;
  std::vector<Resource> resources_;
  std::vector<int> dirty_;     // resources to solve again
  std::vector<int> relevel_pending_;  // relevel_groups()'s: dirty_ as it found it
  std::vector<int> fresh_;     // activities started since the last solve
  std::vector<Solved> solved_;  // activities being solved
  std::vector<SolvedUse> solved_uses_;
  std::vector<int> involved_;  // resources of the activities being solved
  bool involved_mixed_ = false;  // one of them is a FATPIPE resource with mixed users (mixed())
  std::vector<int> forming_;  // those that form a group in this solve (form_groups())
  size_t grouped_ = 0;        // resources with a group
  std::vector<int> binding_;
  std::vector<int> changed_;   // activities whose finish date changed (an id may repeat)
  std::vector<int> group_changed_;  // resources whose group's next date changed, each once
};

} // namespace tireplay::fast
