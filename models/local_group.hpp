// The Local Group (LG) all-to-all between clusters: Algorithm 1 of Steffenel, Jeannot et al., "Total exchange
// performance modelling under network contention" (all-to-all paper, section VI), generalized to k clusters.
// A local phase (a total exchange inside each cluster) gathers, on one node per destination, what a cluster sends
// to a remote node; an inter-cluster phase then sends each node's packets across the wide-area link, each data
// segment crossing it once. Between two clusters of n1 <= n2 nodes (local indexes):
//   - what the small cluster sends to remote node b is gathered on its node b mod n1, which sends it to b in one
//     packet of n1 blocks;
//   - the large cluster is cut into groups of n1 consecutive nodes; what a group sends to small node a is gathered
//     on the group's node a (the paper's floor(i/n1) x n1 + j), or, in a last group of z < n1 nodes, on its node
//     a mod z (the paper leaves that case open); step s of the inter-cluster phase sends group s's packets.
// k clusters exchange pair by pair in the rounds of a round-robin tournament, disjoint pairs at once.
#pragma once

#include "models/model_context.hpp"

#include <utility>
#include <vector>

namespace tireplay::models::local_group {

/// The local index, in a cluster of `n_from` nodes, of the node that carries the block of its node `a` for node
/// `b` of a cluster of `n_to` nodes.
int holder(int n_from, int a, int n_to, int b);

/// Blocks that node `a` of a cluster of `n_from` nodes puts on its local node `h` for the clusters `remote_sizes`
/// (its own block for h included).
int blocks_carried(int n_from, int a, int h, const std::vector<int>& remote_sizes);

/// Round-robin tournament of k clusters (circle method): rounds of disjoint pairs (a < b), every pair once.
std::vector<std::vector<std::pair<int, int>>> rounds(int k);

/// Equation 7: T = max(T_C1, T_C2) + ceil(n2 / n1) x (alpha_w + beta_w x m x n1), with n1 <= n2, T_Ci the local
/// phases (the paper: equation 5 on each cluster), alpha_w, beta_w the wide-area link's Hockney parameters.
double equation7(double t_c1, double t_c2, int n1, int n2, double m, double alpha_w, double beta_w);

} // namespace tireplay::models::local_group
