#include "replay/collectives/reduce/along_tree.hpp"

#include "models/reduce_models.hpp"

#include <deque>
#include <tuple>

namespace tireplay::algorithms {

void reduce_along_tree(Coll& c, const CollArgs& args, const models::ReductionTree& tree, bool release)
{
  if (args.bytes == 0)
    return;
  const double entry = c.now();
  const int size     = c.size();
  const int me       = (c.rank() - args.root + size) % size;
  auto rank_of       = [&](int t) { return (t + args.root) % size; };
  const double flops = args.reductions_in_steps ? args.flops : 0;

  const std::vector<int>& children = tree.children[me];
  Request* next = children.empty() ? nullptr : c.irecv(rank_of(children[0]), args.bytes, kTagReduce);
  for (size_t i = 0; i < children.size(); i++) {
    c.wait(next);
    if (i + 1 < children.size())
      next = c.irecv(rank_of(children[i + 1]), args.bytes, kTagReduce);
    c.compute(flops);
  }
  if (tree.parent[me] < 0)
    return;
  // Below SimGrid's precision (--cfg surf/precision, 1e-9 s), a hold is rounding in the schedule's times.
  if (double hold = entry + tree.send_start[me] - c.now(); release && hold > 1e-9)
    c.sleep(hold);
  c.send(rank_of(tree.parent[me]), args.bytes, kTagReduce);
}

models::ReductionCosts tree_costs(const CollArgs& args)
{
  return args.model != nullptr ? models::reduce_costs(*args.model, args) : models::ReductionCosts{1, 1};
}

const models::ReductionTree& shared_tree(TreeBuilder build, int size, const CollArgs& args)
{
  using Key = std::tuple<TreeBuilder, int, double, double, int>;
  struct Entry {
    Key key;
    models::ReductionTree tree;
  };
  static std::deque<Entry> recent;  // the actors of one simulation run in one thread
  const models::ReductionCosts costs = tree_costs(args);
  const Key key{build, size, costs.transfer_time, costs.reduction_time, args.limit};
  for (const auto& e : recent)
    if (e.key == key)
      return e.tree;
  if (recent.size() == 8)
    recent.pop_back();
  recent.push_front({key, build(size, costs, args.limit)});
  return recent.front().tree;
}

} // namespace tireplay::algorithms
