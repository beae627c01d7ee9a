// Cost models of the allreduce, allgather, gather, scatter, barrier, reduce-scatter, alltoallv and scan
// algorithms of replay/collectives/, each describing its file message by message. The forms are those of Thakur,
// Rabenseifner and Gropp, "Optimization of Collective Communication Operations in MPICH" (IJHPCA 19(1), 2005),
// written in pLogP's terms (adaptive-collectives paper 2.2): P = ctx.size, L the latency, g(x) the gap of x bytes,
// so Hockney's alpha + x beta becomes L + g(x). The timing rules, and the building blocks these models share with
// the bcast and reduce models, are in models/message_timing.hpp.
#pragma once

#include "models/message_timing.hpp"
#include "models/model_context.hpp"

namespace tireplay {
struct CollArgs;
}

namespace tireplay::models {

// ---- Allreduce, n = args.bytes ----

/// reduce_bcast: linear reduce to rank 0 (P − 1 messages at once into rank 0, fan_seconds), then binomial broadcast
/// from 0:  L + (P − 1) g(n) + T_bcast + c,  with, for P = 2^k, T_bcast = k L + k (k + 1) / 2 g(n) below the detached
///   threshold (a rank's sends to its children share its port) and k (L + g(n)) from it (one send after the
///   other); otherwise the latest arrival on the code's tree.
double predict_allreduce_reduce_bcast(const ModelContext& ctx, const CollArgs& args);
/// recursive_doubling (Thakur 4.4): p' = 2^⌊log2 P⌋; log2 p' exchanges of the whole vector, plus, if P ≠ p', one
/// step before (the first 2(P − p') ranks fold pairwise) and one after (the result goes back):
///   (log2 p' + 2 [P ≠ p']) (L + g(n)) + c,  each exchange step priced by exchange_step_seconds (zones).
double predict_allreduce_recursive_doubling(const ModelContext& ctx, const CollArgs& args);
/// ring: P blocks of ⌊n/P⌋ or ⌈n/P⌉ bytes, P − 1 steps of reduce-scatter then P − 1 of allgather, every block
/// moving at every step:  2 (P − 1) (L + g(⌈n/P⌉)) + c
double predict_allreduce_ring(const ModelContext& ctx, const CollArgs& args);
/// rabenseifner (Thakur 4.4): recursive-halving reduce-scatter and recursive-doubling allgather on p' ranks, the
/// same fold and unfold as recursive_doubling when P ≠ p'. Blocks of e = ⌊n/p'⌋ bytes, the last one taking the
/// rest r = n − p' e; the largest message of the step that moves 2^j blocks carries the last one:
///   2 Σ_{j=0}^{log2 p' − 1} (L + g(2^j e + r)) + 2 [P ≠ p'] (L + g(n)) + c
/// (= 2 log2 p' L + 2 (p' − 1)/p' n β + ... in Hockney's terms when p' divides n).
double predict_allreduce_rabenseifner(const ModelContext& ctx, const CollArgs& args);

// ---- Allgather, m = args.bytes per rank ----

/// linear: every rank sends its block to all others and receives theirs at once:  L + (P − 1) g(m) (fan_seconds)
double predict_allgather_linear(const ModelContext& ctx, const CollArgs& args);
/// ring (Thakur 4.1):  (P − 1) (L + g(m))
double predict_allgather_ring(const ModelContext& ctx, const CollArgs& args);
/// recursive_doubling (Thakur 4.1): Σ_{j=0}^{log2 P − 1} (L + g(2^j m)) when P is a power of two. Otherwise MPICH's
/// completion forwards blocks inside subtrees by recursive halving; the schedule is evaluated message by message.
double predict_allgather_recursive_doubling(const ModelContext& ctx, const CollArgs& args);
/// bruck: Σ_{j=0}^{⌊log2 P⌋ − 1} (L + g(2^j m)) + [P ≠ 2^⌊log2 P⌋] (L + g((P − 2^⌊log2 P⌋) m))
double predict_allgather_bruck(const ModelContext& ctx, const CollArgs& args);

// ---- Gather (m = args.bytes, the blocks sent) and scatter (m = args.bytes2, the blocks received) ----

/// gather linear: the root receives P − 1 blocks at once:  L + (P − 1) g(m) (fan_seconds)
double predict_gather_linear(const ModelContext& ctx, const CollArgs& args);
/// gather binomial: rank r receives, in turn, from r + 1, r + 2, r + 4, ... their subtrees' blocks, then sends its
/// own subtree's. Σ_{j=0}^{log2 P − 1} (L + g(2^j m)) when P is a power of two; otherwise evaluated on the tree.
double predict_gather_binomial(const ModelContext& ctx, const CollArgs& args);
/// scatter linear: the root sends P − 1 blocks at once:  L + (P − 1) g(m) (fan_seconds)
double predict_scatter_linear(const ModelContext& ctx, const CollArgs& args);
/// scatter binomial: rank r receives its subtree's blocks, then sends to r + 1, r + 2, r + 4, ... (smallest
/// subtree first) theirs; the latest arrival on the tree. For P = 2^k the last rank gets its block at
///   k L + Σ_{j=0}^{k−1} (k − j) g(2^j m)        below the detached threshold (the sends share the port),
///   Σ_{j=0}^{k−1} (k − j) (L + g(2^j m))       when every message is at least the threshold.
double predict_scatter_binomial(const ModelContext& ctx, const CollArgs& args);

// ---- Barrier: empty messages ----

/// linear: P − 1 messages into rank 0 at once, then P − 1 out:  2 (L + (P − 1) g(0)) (fan_seconds)
double predict_barrier_linear(const ModelContext& ctx, const CollArgs& args);
/// dissemination:  ⌈log2 P⌉ (L + g(0))
double predict_barrier_dissemination(const ModelContext& ctx, const CollArgs& args);
/// tree: a binomial gather of empty messages to rank 0, then a binomial broadcast (as for reduce_bcast):
///   k (L + g(0)) + k L + k (k + 1) / 2 g(0)  when P = 2^k.
double predict_barrier_tree(const ModelContext& ctx, const CollArgs& args);

// ---- Reduce-scatter: b_i = (*args.recv_counts)[i] bytes for rank i, n = Σ b_i (args.bytes each if no counts) ----

/// reduce_scatterv, equal counts: linear reduce of n to rank 0, then linear scatterv:
///   L + (P − 1) g(n) + L + Σ_{i≠0} g(b_i) + c;  unequal counts: predict_reducescatter_mpich (what the code runs).
double predict_reducescatter_reduce_scatterv(const ModelContext& ctx, const CollArgs& args);
/// mpich: mpich_pair above 524288 elements (n / datatype_size), else mpich_rdb.
double predict_reducescatter_mpich(const ModelContext& ctx, const CollArgs& args);
/// mpich_pair: P − 1 steps, each moving every block once:  (P − 1) (L + g(max b_i)) + c;  c alone when n = 0.
double predict_reducescatter_mpich_pair(const ModelContext& ctx, const CollArgs& args);
/// mpich_rdb (Thakur 4.3): step j exchanges everything outside both subtrees of 2^j ranks; with equal blocks and
/// P a power of two, Σ_{j=0}^{log2 P − 1} (L + g((P − 2^j) n / P)) + c. Otherwise evaluated message by message.
double predict_reducescatter_mpich_rdb(const ModelContext& ctx, const CollArgs& args);

// ---- Alltoallv and scan ----

/// alltoallv linear: all messages at once, through the calling rank's ports:
///   L + max(Σ_i g(s_i), Σ_i g(r_i)),  s = *args.send_counts, r = *args.recv_counts (args.bytes, args.bytes2
///   each if absent), each sum over P − 1 entries (with SMPI's factors: L + g(largest) + the others'
///   link_seconds). CollArgs does not say which rank calls, so the entry left out as the rank's own block is the
///   smallest one.
double predict_alltoallv_linear(const ModelContext& ctx, const CollArgs& args);
/// scan linear: rank P − 1 receives from all lower ranks at once (rank 0 sends to all higher ones):
///   L + (P − 1) g(m) + c (fan_seconds),  m = args.bytes. Also the model of exscan, which runs the same code.
double predict_scan_linear(const ModelContext& ctx, const CollArgs& args);

} // namespace tireplay::models
