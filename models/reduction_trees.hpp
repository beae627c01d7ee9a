// Reduction trees and their schedules in the execution model of Canon and Antoniu, "Scheduling Associative
// Reductions with Homogeneous Costs when Overlapping Communications and Computations" (INRIA RR-7898, 2012).
// Shared by the reduce cost models (models/reduce_models.hpp), the replayed reduce algorithms and the tests.
//
// Execution model (paper 3.1): n elements, one per rank, all available at time 0. d is the time to transfer one
// element (the whole reduced vector) between any two ranks, c the time of one reduction of two elements. A rank
// takes part in at most one transfer at a time (one-port), and receives the next element while it reduces the
// previous one (prefetch), so one rank reduces k received elements in d + (k - 1) max(d, c) + c. A rank sends its
// partial result once it has reduced everything it receives.
//
// Names: the paper calls the machine that i sends to the *child* c_i of i, and the senders its *parents* (a
// "reverse tree"). Here, as in MPI, parent[r] is the rank r sends to and children[r] the ranks that send to r.
// Rank 0 is the root (the paper's sink, machine 1); the paper's machine i is rank i - 1.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

namespace tireplay::models {

/// d and c of the paper, in one unit of time (seconds for the models).
struct ReductionCosts {
  double transfer_time  = 1;  // d: one element between two ranks
  double reduction_time = 1;  // c: one reduction of two elements
};

/// A spanning tree rooted at rank 0 and its schedule: every rank but the root makes one transfer, to its parent.
struct ReductionTree {
  std::vector<int> parent;                 // the rank r sends its partial result to; -1 for the root, rank 0
  std::vector<std::vector<int>> children;  // the ranks sending to r, in the order r receives from them
  std::vector<double> send_start;          // rank r's transfer to parent[r] (0 for the root)
  std::vector<double> send_end;            // send_start + d
  std::vector<double> result_time;         // when r has reduced everything it receives (0 for a leaf)
  double length = 0;                       // the schedule length: when the root finishes its last reduction
  int size() const { return static_cast<int>(parent.size()); }
};

/// In which order a rank receives from its children.
enum class ReceiveOrder {
  /// The child whose partial result is ready first sends first, the others wait for the port (FIFO). This is
  /// the paper's schedule: Proposition 3 sets each transfer time to when the sender's data is ready.
  earliest_ready,
  /// In the listed order, each child waiting for the previous transfer: blocking receives in a fixed order,
  /// as MPICH's binomial reduce (replay/collectives/reduce/binomial.cpp) does.
  as_listed,
};

/// F_k with F_1 = F_2 = 1 (F_0 = 0), k <= 92.
int64_t fibonacci_number(int k);

/// Schedules a tree given by `parent` (children received in rank order, then earliest_ready).
ReductionTree schedule_tree(std::vector<int> parent, ReductionCosts costs);

// ---- Classic MPI trees ----

/// Every rank sends to the root, which receives in rank order (a linear or flat reduce).
ReductionTree flat_tree(int n, ReductionCosts costs);
/// Rank r sends to r - 1 (an unsegmented chain).
ReductionTree chain_tree(int n, ReductionCosts costs);

// ---- Binomial and Fibonacci trees (paper 7.1, 7.2) ----

/// Definition 12 (binomial tree of order k, 2^k ranks): rank r sends to r with its lowest set bit cleared; its
/// children r + 1, r + 2, r + 4, ... below that bit, received in that order (as_listed). For n not a power of two,
/// the ranks >= n of the next order are left out, as MPICH's binomial reduce does.
ReductionTree binomial_tree(int n, ReductionCosts costs);
ReductionTree binomial_tree_of_order(int k, ReductionCosts costs);
/// Proposition 13: a binomial tree of order k >= 0 reduces 2^k elements in k (d + c).
double binomial_tree_length(int k, ReductionCosts costs);

/// Definition 15 (Fibonacci tree of order k, F_{k+2} ranks): the tree of order k - 1 on ranks [0, F_{k+1}),
/// whose root receives last from the root of a tree of order k - 2 on ranks [F_{k+1}, F_{k+2}); orders -1 and 0
/// are one rank. Every subtree is a range of ranks rooted at its lowest, so for any n the ranks >= n of the next
/// order are left out (earliest_ready).
ReductionTree fibonacci_tree(int n, ReductionCosts costs);
ReductionTree fibonacci_tree_of_order(int k, ReductionCosts costs);
/// Proposition 16: a Fibonacci tree of order k > 0 reduces F_{k+2} elements in d + (k - 1) max(d, c) + c.
double fibonacci_tree_length(int k, ReductionCosts costs);

// ---- Greedy algorithms (paper 5, 6) ----

/// Algorithm 1, optimal (Theorem 4). In reversed time, from the root: s_1 <- 0; for i = 2..n,
/// M <- argmin_j<i s_j + c + d, s_i <- s_M + c + d, s_M <- s_M + max(d, c), c_i <- M (lowest M among equals).
/// Its length lies between ceil(log2 n) max(d, c) (Lemma 5) and ceil(log2 n) (d + c) (Proposition 6).
ReductionTree greedy_tree(int n, ReductionCosts costs);
/// Algorithm 1's schedule lengths for 0..n_max elements in one pass (it adds one rank per iteration).
std::vector<double> greedy_lengths(int n_max, ReductionCosts costs);
double greedy_length(int n, ReductionCosts costs);

/// Algorithm 2: at most `max_transfers` (K >= 1) concurrent transfers, optimal (Theorem 7). As Algorithm 1, but
/// t_i <- max(s_M + c, t_{i-K}) + d, s_i <- t_i, s_M <- max(s_M + c, t_i - c); the transfer times are the
/// algorithm's (reversed), not the earliest ones. Proposition 8 bounds the length by
/// (floor(log2 K + 1) + ceil(n/K - 2)) (d + c) for K <= n/2; that holds when K is a power of two, and in general
/// (floor(log2 K) + 1 + ceil((n - 2^(floor(log2 K) + 1)) / K)) (d + c) does (its proof, without its last step).
ReductionTree limited_transfers_tree(int n, int max_transfers, ReductionCosts costs);
/// Algorithm 3: at most `max_reducers` (K >= 1) ranks reduce, ranks 0..K-1, optimal (Theorem 9): Algorithm 1
/// with M chosen among the first K. Corollary 11: length <= (ceil(log2 K + 1) + ceil(n/K - 2)) (d + c) for
/// K <= n/2. Theorem 10: when d >= c, it is also optimal with at most K concurrent transfers.
ReductionTree limited_reducers_tree(int n, int max_reducers, ReductionCosts costs);

/// The tree's schedule when transfers differ by pair (heterogeneous routes): `transfer_time(sender, receiver)`
/// instead of d, the tree's receiving order kept (as the replay runs it); no rank sends before release[r] if
/// given. Concurrent transfers that share a link are not slowed down.
ReductionTree reschedule(const ReductionTree& tree, double reduction_time,
                         const std::function<double(int sender, int receiver)>& transfer_time,
                         const std::vector<double>& release = {});

/// The smallest K for which Algorithm 2 (resp. 3) is as short as Algorithm 1: the fewest concurrent transfers
/// (reducers) that cost nothing (binary search: both lengths are non-increasing in K, each K being optimal).
int smallest_sufficient_transfers(int n, ReductionCosts costs);
int smallest_sufficient_reducers(int n, ReductionCosts costs);

/// Paper 7.3: Algorithm 1 with min(d, c) taken as 0 (the binomial strategy, a (1 + min/max)-approximation,
/// Theorem 18) or with d = c (the Fibonacci strategy, a 2-approximation, Theorem 19); scheduled with the
/// actual costs. They build Definition 12's tree when n = 2^k and Definition 15's when n = F_{k+2}, up to
/// the ranks' numbering. The tree for n ranks is the tree for more ranks without the ranks >= n.
ReductionTree binomial_strategy_tree(int n, ReductionCosts costs);
ReductionTree fibonacci_strategy_tree(int n, ReductionCosts costs);

// ---- Properties of a schedule ----

/// The largest number of transfers in progress at one time (transfers that only touch do not overlap).
int max_concurrent_transfers(const ReductionTree& tree);
/// The number of ranks that reduce: those that receive at least one element.
int reducer_count(const ReductionTree& tree);

} // namespace tireplay::models
