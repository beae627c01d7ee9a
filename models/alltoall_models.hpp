// All-to-all cost models. The paper's equations come from Steffenel, Martinasso and Trystram, "Assessing
// Contention Effects of All-to-All Communications on Clusters and Grids" (IJPCC 4(4), 2008; hal-00338855),
// sections III-V, in its own symbols: n processes, messages of m bytes, Hockney's start-up alpha and
// per-byte time beta. The CostFunctions for replay/collectives/alltoall/ use pLogP's terms (adaptive-collectives
// paper 2.2; models/model_context.hpp): P = ctx.size, m = args.bytes, L the latency, g(x) the gap of x bytes.
//
// What the pLogP forms assume about the replay (models/collective_models.hpp has the whole list):
//  - a message of x bytes starts once its send and its receive are both posted (SMPI, smpi/async-small-thresh
//    = 0), and arrives L + g(x) later;
//  - k messages at once through one rank's port share its link: the last one arrives after L + k g(x) with
//    Hockney's g, not k (L + g(x)); with SMPI's factors only the bytes' share of g serializes (fan_seconds);
//  - so a step of sendrecvs, every rank sending to one rank and receiving from one, takes L + g(x), and the steps
//    add up;
//  - SMPI's send and receive overheads (o_s, o_r, 0 by default) are left out.
#pragma once

#include "models/model_context.hpp"
#include "models/point_to_point.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tireplay {
struct CollArgs;
}

namespace tireplay::models {

// ContentionSignature is declared in models/model_context.hpp (ModelContext carries one).

// ---- The paper's equations, in its symbols ----

/// Proposition 1 (contention-free lower bound, 1-port full-duplex, no forwarding, equal sizes and links):
///   (n − 1) × α + (n − 1) × βm
double contention_free_lower_bound(int n, double m, double alpha, double beta);

/// Equation 4 (contention ratio γ):
///   T = (n − 1) × (α + mβ × γ)
double contention_ratio_time(int n, double m, double alpha, double beta, double gamma);

/// Equation 5 (contention signature γ, δ, M):
///   T = (n − 1) × (α + mβ × γ)        if m < M
///   T = (n − 1) × (α + mβ × γ + δ)    if m ≥ M
double contention_signature_time(int n, double m, double alpha, double beta, const ContentionSignature& signature);

// ---- Published signatures (section V) ----

struct NamedContentionSignature {
  std::string_view name;
  std::string_view description;
  ContentionSignature signature;
};

/// The paper's signatures: fast-ethernet (V-A), gigabit-ethernet (V-B), myrinet (V-C).
const std::vector<NamedContentionSignature>& contention_signatures();

/// A published signature by name. Throws std::invalid_argument naming the valid ones.
const ContentionSignature& contention_signature(std::string_view name);

/// A signature given by the user: a published name, or "gamma,delta_seconds,threshold_bytes" (e.g.
/// "4.3628,0.00493,8192"). Throws std::invalid_argument on anything else, naming what is expected.
ContentionSignature parse_contention_signature(const std::string& spec);

// ---- Linear all-to-all: with or without contention ----

/// Equation 5's alpha and beta for messages of m bytes with the replay's point-to-point parameters: the Hockney
/// line through PointToPoint at m, beta m the bytes' share of g(m) (link_seconds), alpha the rest of L + g(m).
/// What alltoall_linear_seconds prices a signature with, and what models/calibration_contention fits one against.
Hockney alltoall_hockney(const PointToPoint& p2p, double m);

/// alltoall/linear.cpp posts every message at once. Without a signature, Proposition 1 in pLogP terms (the time
/// one rank needs to send one message to each other rank; its port serializes the gaps, the latencies overlap):
///   L + (P − 1) × g(m)      (fan_seconds of models/collective_models.hpp with SMPI's factors)
/// With a signature, equation 5 as the paper writes it, alpha and beta being the Hockney line through PointToPoint
/// at m (beta m = link_seconds(m), the bytes' share of g; alpha = L + g(m) − beta m): gamma and delta were fitted
/// against that form, start-ups serialized, so with gamma = 1 and delta = 0 it gives (P − 1) × (L + g(m)),
/// (P − 2) × L more than the pLogP form. 0 for P = 1.
double alltoall_linear_seconds(const ModelContext& ctx, double m, const std::optional<ContentionSignature>& signature);

/// The algorithm alltoall/ompi.cpp runs for P ranks and m bytes per destination: "linear", "pairwise" or "bruck".
/// A copy of that file's decision table (Open MPI's, as SimGrid 3.32's smpi_openmpi_selector.cpp has it).
std::string_view alltoall_ompi_choice(int P, uint64_t m);

/// predict_alltoall_ompi with a contention signature for its linear case.
double alltoall_ompi_seconds(const ModelContext& ctx, const CollArgs& args,
                             const std::optional<ContentionSignature>& signature);

// ---- CostFunctions (replay/collectives/registry.hpp) ----
// ModelContext has no contention signature yet: the CostFunctions use the contention-free form.

/// linear: alltoall_linear_seconds without a signature, L + (P − 1) × g(m).
double predict_alltoall_linear(const ModelContext& ctx, const CollArgs& args);
/// pairwise: P − 1 sendrecvs with rank XOR i, (P − 1) × (L + g(m)); +infinity unless P is a power of two (the
/// algorithm refuses the others).
double predict_alltoall_pairwise(const ModelContext& ctx, const CollArgs& args);
/// ring: P − 1 sendrecvs, to rank + i and from rank − i: (P − 1) × (L + g(m)).
double predict_alltoall_ring(const ModelContext& ctx, const CollArgs& args);
/// bruck: one sendrecv per bit k of P − 1, packing the B_k blocks b in [1, P) with bit k set:
///   Σ_{k=0}^{⌈log2 P⌉−1} (L + g(B_k × m)),  B_k = P / 2 when P is a power of two
double predict_alltoall_bruck(const ModelContext& ctx, const CollArgs& args);
/// ompi: the model of the algorithm alltoall_ompi_choice names (+infinity where it is pairwise and P is not a
/// power of two: the replay fails there, as SMPI does).
double predict_alltoall_ompi(const ModelContext& ctx, const CollArgs& args);

} // namespace tireplay::models
