// Writes the data of Figure 2 of Canon and Antoniu (INRIA RR-7898, 2012, 7.3): for 2 <= n <= n_max, the schedule
// length of the binomial strategy over the optimal one (Algorithm 1) when d = c, and of the Fibonacci strategy
// over the optimal one when min(d, c) = 0 (the costs that the paper conjectures give each strategy its worst
// ratio). Two more columns, not in the paper: MPICH's binomial tree (blocking receives in rank order) when
// d = c, and Definition 15's Fibonacci tree cut at n ranks when min(d, c) = 0.
//
// Usage: figure2_data [n_max] > figure2.dat   (n_max defaults to 10000; the largest ratios go to stderr)
#include "models/reduction_trees.hpp"

#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace tireplay::models;

namespace {

/// The length of the first n ranks of `parent` (an Algorithm 1 tree for more ranks: its ranks >= n are the
/// ones added last, so what is left is the tree the algorithm builds for n).
double prefix_length(const std::vector<int>& parent, int n, ReductionCosts costs)
{
  return schedule_tree(std::vector<int>(parent.begin(), parent.begin() + n), costs).length;
}

struct Worst {
  const char* name;
  double ratio = 0;
  int n        = 0;
  void update(double r, int at)
  {
    if (r > ratio) {
      ratio = r;
      n     = at;
    }
  }
};

} // namespace

int main(int argc, char** argv)
{
  const int n_max = argc > 1 ? std::atoi(argv[1]) : 10000;
  if (n_max < 2) {
    std::fprintf(stderr, "figure2_data: n_max must be at least 2, got '%s'\n", argv[1]);
    return 2;
  }
  const ReductionCosts equal{1, 1};     // d = c
  const ReductionCosts no_reduce{1, 0};  // min(d, c) = 0
  const std::vector<double> optimal_equal     = greedy_lengths(n_max, equal);
  const std::vector<double> optimal_no_reduce = greedy_lengths(n_max, no_reduce);
  const std::vector<int> binomial_strategy    = binomial_strategy_tree(n_max, equal).parent;
  const std::vector<int> fibonacci_strategy   = fibonacci_strategy_tree(n_max, no_reduce).parent;

  Worst worst[4]{{"binomial strategy, d = c"},
                 {"Fibonacci strategy, min(d, c) = 0"},
                 {"MPICH binomial tree, d = c"},
                 {"Fibonacci tree (Definition 15, cut), min(d, c) = 0"}};
  std::printf("# n  binomial_strategy/optimal(d=c)  fibonacci_strategy/optimal(c=0)"
              "  mpich_binomial/optimal(d=c)  fibonacci_tree/optimal(c=0)\n");
  for (int n = 2; n <= n_max; n++) {
    const double ratios[4]{prefix_length(binomial_strategy, n, equal) / optimal_equal[n],
                           prefix_length(fibonacci_strategy, n, no_reduce) / optimal_no_reduce[n],
                           binomial_tree(n, equal).length / optimal_equal[n],
                           fibonacci_tree(n, no_reduce).length / optimal_no_reduce[n]};
    std::printf("%d %.6f %.6f %.6f %.6f\n", n, ratios[0], ratios[1], ratios[2], ratios[3]);
    for (int i = 0; i < 4; i++)
      worst[i].update(ratios[i], n);
  }
  for (const auto& w : worst)
    std::fprintf(stderr, "largest ratio, %s: %.4f at n = %d\n", w.name, w.ratio, w.n);
  return 0;
}
