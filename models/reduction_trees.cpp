#include "models/reduction_trees.hpp"

#include <algorithm>
#include <functional>
#include <queue>
#include <stdexcept>
#include <string>
#include <utility>

namespace tireplay::models {

namespace {

/// The schedule of a tree (paper 3.1 and Proposition 2). Each rank reduces its children's elements in the order
/// it receives them. A transfer starts when the sender has its partial result (and not before its release
/// time, if any), once the receiver's port is free; the receiver may be several elements ahead of its
/// reductions. The k-th reduction starts when the k-th element has arrived and the previous reduction is over:
/// f_k = max(f_{k-1}, arrival_k) + c. With earliest_ready, this gives Proposition 2's bound with equality,
/// t_i = max_j (t_i^j + d + (m_i - j) max(d, c) + c), the t_i^j being the children's transfer times in
/// increasing order (the paper says "j-th largest", but its proof and the formula need increasing order).
ReductionTree schedule(std::vector<int> parent, std::vector<std::vector<int>> children, ReductionCosts costs,
                       ReceiveOrder order, const std::vector<double>& release = {},
                       const std::function<double(int, int)>& transfer_time = nullptr)
{
  const int n = static_cast<int>(parent.size());  // >= 1: the public functions check it
  ReductionTree tree;
  tree.send_start.assign(n, 0);
  tree.send_end.assign(n, 0);
  tree.result_time.assign(n, 0);

  std::vector<int> breadth_first{0};  // parents before children
  for (size_t i = 0; i < breadth_first.size(); i++)
    for (int child : children[breadth_first[i]])
      breadth_first.push_back(child);

  auto ready = [&](int r) { return std::max(release.empty() ? 0.0 : release[r], tree.result_time[r]); };
  for (auto it = breadth_first.rbegin(); it != breadth_first.rend(); ++it) {
    std::vector<int>& incoming = children[*it];
    if (order == ReceiveOrder::earliest_ready)
      std::stable_sort(incoming.begin(), incoming.end(), [&](int a, int b) { return ready(a) < ready(b); });
    double port_free = 0;
    double reduced   = 0;  // end of the last reduction; the rank's own element is there at 0
    for (int child : incoming) {
      tree.send_start[child] = std::max(ready(child), port_free);
      tree.send_end[child]   = tree.send_start[child] + (transfer_time ? transfer_time(child, *it) : costs.transfer_time);
      port_free              = tree.send_end[child];
      reduced                = std::max(reduced, port_free) + costs.reduction_time;
    }
    tree.result_time[*it] = reduced;
  }
  tree.length   = tree.result_time[0];
  tree.parent   = std::move(parent);
  tree.children = std::move(children);
  return tree;
}

/// Children lists from a parent array, in rank order.
std::vector<std::vector<int>> children_of(const std::vector<int>& parent)
{
  std::vector<std::vector<int>> children(parent.size());
  for (size_t r = 1; r < parent.size(); r++)
    children[parent[r]].push_back(static_cast<int>(r));
  return children;
}

/// Algorithms 1, 2 and 3 in one loop, in the paper's reversed time: s_j is the soonest time machine j can
/// compute an element and then transfer it, t_i the time the transfer between machine i and its child (here:
/// parent) completes. Each iteration adds rank i as a sender to the rank M that can give it an element soonest
/// (the lowest rank among equals). Algorithm 2 delays the transfer after the one K iterations earlier (line 8)
/// and sets s_M <- max(s_M + c, t_i - c) (line 10), which is Algorithm 1's s_M + max(d, c) when not delayed;
/// Algorithm 3 chooses M among ranks 0..K-1 (line 7). The schedule runs forward in the reverse order: the first
/// rank added to M sends to it last.
struct GreedyPlan {
  std::vector<int> parent;
  std::vector<std::vector<int>> children;  // forward order
  std::vector<double> transfer_end;        // t_i in reversed time; the forward transfer starts at max t - t_i
};

GreedyPlan greedy_plan(int n, ReductionCosts costs, int max_reducers, int max_transfers)
{
  const double d = costs.transfer_time;
  const double c = costs.reduction_time;
  GreedyPlan plan;
  plan.parent.assign(n, -1);
  plan.children.resize(n);
  plan.transfer_end.assign(n, 0);
  using Entry = std::pair<double, int>;  // (s_j, rank j): the lowest rank wins ties
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> soonest;
  soonest.push({0, 0});
  for (int i = 1; i < n; i++) {
    auto [s, m] = soonest.top();
    soonest.pop();
    double start = s + c;
    if (i - max_transfers >= 0)
      start = std::max(start, plan.transfer_end[i - max_transfers]);
    plan.transfer_end[i] = start + d;
    soonest.push({start > s + c ? std::max(s + c, plan.transfer_end[i] - c) : s + std::max(d, c), m});
    if (i < max_reducers)
      soonest.push({plan.transfer_end[i], i});
    plan.parent[i] = m;
    plan.children[m].push_back(i);
  }
  for (auto& incoming : plan.children)
    std::reverse(incoming.begin(), incoming.end());
  return plan;
}

/// Definition 15 on ranks [root, root + F_{k+2}).
void add_fibonacci_tree(int k, int root, std::vector<int>& parent, std::vector<std::vector<int>>& children)
{
  if (k <= 0)
    return;
  add_fibonacci_tree(k - 1, root, parent, children);
  const int sender = root + static_cast<int>(fibonacci_number(k + 1));
  add_fibonacci_tree(k - 2, sender, parent, children);
  parent[sender] = root;
  children[root].push_back(sender);
}

void check_size(int n, const char* what)
{
  if (n < 1)
    throw std::invalid_argument(std::string(what) + ": needs at least one rank, got " + std::to_string(n));
}

} // namespace

int64_t fibonacci_number(int k)
{
  int64_t previous = 1;  // F_{-1}
  int64_t current  = 0;  // F_0
  for (int i = 0; i < k; i++) {
    int64_t next = previous + current;
    previous     = current;
    current      = next;
  }
  return current;
}

ReductionTree schedule_tree(std::vector<int> parent, ReductionCosts costs)
{
  const int n = static_cast<int>(parent.size());
  check_size(n, "schedule_tree");
  if (parent[0] != -1)
    throw std::invalid_argument("schedule_tree: rank 0 is the root, its parent must be -1");
  for (int r = 1; r < n; r++)
    if (parent[r] < 0 || parent[r] >= n || parent[r] == r)
      throw std::invalid_argument("schedule_tree: rank " + std::to_string(r) + " has parent " +
                                  std::to_string(parent[r]) + ", expected a rank in [0, " + std::to_string(n) + ")");
  auto children = children_of(parent);
  // Every rank has one parent, so the ranks reached from the root are all of them unless some lie on a cycle.
  std::vector<int> pending{0};
  int reached = 0;
  while (!pending.empty()) {
    int r = pending.back();
    pending.pop_back();
    reached++;
    pending.insert(pending.end(), children[r].begin(), children[r].end());
  }
  if (reached != n)
    throw std::invalid_argument("schedule_tree: the parents form a cycle, not a tree rooted at rank 0");
  return schedule(std::move(parent), std::move(children), costs, ReceiveOrder::earliest_ready);
}

ReductionTree flat_tree(int n, ReductionCosts costs)
{
  check_size(n, "flat_tree");
  std::vector<int> parent(n, 0);
  parent[0] = -1;
  return schedule(parent, children_of(parent), costs, ReceiveOrder::as_listed);
}

ReductionTree chain_tree(int n, ReductionCosts costs)
{
  check_size(n, "chain_tree");
  std::vector<int> parent(n);
  for (int r = 0; r < n; r++)
    parent[r] = r - 1;
  return schedule(parent, children_of(parent), costs, ReceiveOrder::as_listed);
}

ReductionTree binomial_tree(int n, ReductionCosts costs)
{
  check_size(n, "binomial_tree");
  std::vector<int> parent(n, -1);
  std::vector<std::vector<int>> children(n);
  for (int r = 0; r < n; r++) {
    const int64_t lowest_bit = r == 0 ? int64_t{1} << 32 : (r & -r);
    if (r > 0)
      parent[r] = r - static_cast<int>(lowest_bit);
    for (int64_t mask = 1; mask < lowest_bit && r + mask < n; mask <<= 1)
      children[r].push_back(r + static_cast<int>(mask));
  }
  return schedule(std::move(parent), std::move(children), costs, ReceiveOrder::as_listed);
}

ReductionTree binomial_tree_of_order(int k, ReductionCosts costs)
{
  if (k < 0 || k > 30)
    throw std::invalid_argument("binomial_tree_of_order: order must be in [0, 30], got " + std::to_string(k));
  return binomial_tree(1 << k, costs);
}

double binomial_tree_length(int k, ReductionCosts costs)
{
  return k * (costs.transfer_time + costs.reduction_time);
}

ReductionTree fibonacci_tree(int n, ReductionCosts costs)
{
  check_size(n, "fibonacci_tree");
  int k = 0;
  while (fibonacci_number(k + 2) < n)
    k++;
  const int full = static_cast<int>(fibonacci_number(k + 2));
  std::vector<int> parent(full, -1);
  std::vector<std::vector<int>> children(full);
  add_fibonacci_tree(k, 0, parent, children);
  parent.resize(n);
  children.resize(n);
  for (auto& incoming : children)
    incoming.erase(std::remove_if(incoming.begin(), incoming.end(), [n](int r) { return r >= n; }), incoming.end());
  return schedule(std::move(parent), std::move(children), costs, ReceiveOrder::earliest_ready);
}

ReductionTree fibonacci_tree_of_order(int k, ReductionCosts costs)
{
  if (k < -1 || k > 40)
    throw std::invalid_argument("fibonacci_tree_of_order: order must be in [-1, 40], got " + std::to_string(k));
  return fibonacci_tree(static_cast<int>(fibonacci_number(k + 2)), costs);
}

double fibonacci_tree_length(int k, ReductionCosts costs)
{
  if (k <= 0)
    return 0;
  const double d = costs.transfer_time;
  const double c = costs.reduction_time;
  return d + (k - 1) * std::max(d, c) + c;
}

ReductionTree greedy_tree(int n, ReductionCosts costs)
{
  check_size(n, "greedy_tree");
  GreedyPlan plan = greedy_plan(n, costs, n, n);
  return schedule(std::move(plan.parent), std::move(plan.children), costs, ReceiveOrder::earliest_ready);
}

std::vector<double> greedy_lengths(int n_max, ReductionCosts costs)
{
  check_size(n_max, "greedy_lengths");
  GreedyPlan plan = greedy_plan(n_max, costs, n_max, n_max);
  std::vector<double> lengths(n_max + 1, 0);
  for (int n = 2; n <= n_max; n++)
    lengths[n] = std::max(lengths[n - 1], plan.transfer_end[n - 1]);
  return lengths;
}

double greedy_length(int n, ReductionCosts costs)
{
  return greedy_lengths(n, costs)[n];
}

ReductionTree limited_transfers_tree(int n, int max_transfers, ReductionCosts costs)
{
  check_size(n, "limited_transfers_tree");
  if (max_transfers < 1)
    throw std::invalid_argument("limited_transfers_tree: needs at least one transfer at a time, got " +
                                std::to_string(max_transfers));
  GreedyPlan plan = greedy_plan(n, costs, n, max_transfers);
  // Lines 13-15: reverse the transfer times. The paper writes t_i <- t_n - t_i + c, which would start the first
  // transfer at c; the schedule starts at 0 with t_n - t_i (t_n is the largest: t is non-decreasing).
  const double last = *std::max_element(plan.transfer_end.begin(), plan.transfer_end.end());
  std::vector<double> release(n, 0);
  for (int i = 1; i < n; i++)
    release[i] = last - plan.transfer_end[i];
  return schedule(std::move(plan.parent), std::move(plan.children), costs, ReceiveOrder::earliest_ready, release);
}

ReductionTree limited_reducers_tree(int n, int max_reducers, ReductionCosts costs)
{
  check_size(n, "limited_reducers_tree");
  if (max_reducers < 1)
    throw std::invalid_argument("limited_reducers_tree: needs at least one reducer, got " +
                                std::to_string(max_reducers));
  GreedyPlan plan = greedy_plan(n, costs, max_reducers, n);
  return schedule(std::move(plan.parent), std::move(plan.children), costs, ReceiveOrder::earliest_ready);
}

namespace {
template <class Build>
int smallest_sufficient(int n, ReductionCosts costs, Build build)
{
  const double best = greedy_length(n, costs) * (1 + 1e-9);
  int low = 1, high = std::max(1, n - 1);  // with K = n - 1, Algorithms 2 and 3 are Algorithm 1
  while (low < high) {
    int mid = low + (high - low) / 2;
    if (build(mid).length <= best)
      high = mid;
    else
      low = mid + 1;
  }
  return low;
}
} // namespace

ReductionTree reschedule(const ReductionTree& tree, double reduction_time,
                         const std::function<double(int sender, int receiver)>& transfer_time,
                         const std::vector<double>& release)
{
  return schedule(tree.parent, tree.children, {0, reduction_time}, ReceiveOrder::as_listed, release, transfer_time);
}

int smallest_sufficient_transfers(int n, ReductionCosts costs)
{
  return smallest_sufficient(n, costs, [&](int k) { return limited_transfers_tree(n, k, costs); });
}

int smallest_sufficient_reducers(int n, ReductionCosts costs)
{
  return smallest_sufficient(n, costs, [&](int k) { return limited_reducers_tree(n, k, costs); });
}

ReductionTree binomial_strategy_tree(int n, ReductionCosts costs)
{
  check_size(n, "binomial_strategy_tree");
  GreedyPlan plan = greedy_plan(n, ReductionCosts{1, 0}, n, n);  // Algorithm 1 only sees d + c and max(d, c)
  return schedule(std::move(plan.parent), std::move(plan.children), costs, ReceiveOrder::earliest_ready);
}

ReductionTree fibonacci_strategy_tree(int n, ReductionCosts costs)
{
  check_size(n, "fibonacci_strategy_tree");
  GreedyPlan plan = greedy_plan(n, ReductionCosts{1, 1}, n, n);
  return schedule(std::move(plan.parent), std::move(plan.children), costs, ReceiveOrder::earliest_ready);
}

int max_concurrent_transfers(const ReductionTree& tree)
{
  std::vector<double> starts(tree.send_start.begin() + std::min<size_t>(1, tree.send_start.size()),
                             tree.send_start.end());
  std::vector<double> ends(tree.send_end.begin() + std::min<size_t>(1, tree.send_end.size()), tree.send_end.end());
  std::sort(starts.begin(), starts.end());
  std::sort(ends.begin(), ends.end());
  const double touching = 1e-9 * tree.length;  // rounding in the reversed times of Algorithm 2
  int most              = 0;
  size_t ended          = 0;
  for (size_t i = 0; i < starts.size(); i++) {
    while (ended < ends.size() && ends[ended] <= starts[i] + touching)
      ended++;
    most = std::max(most, static_cast<int>(i + 1) - static_cast<int>(ended));
  }
  return most;
}

int reducer_count(const ReductionTree& tree)
{
  return static_cast<int>(std::count_if(tree.children.begin(), tree.children.end(),
                                        [](const std::vector<int>& incoming) { return !incoming.empty(); }));
}

} // namespace tireplay::models
