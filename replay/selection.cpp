#include "replay/selection.hpp"

#include "replay/collectives/ompi_decisions.hpp"

#include <cmath>
#include <stdexcept>

namespace tireplay {

SelectMode parse_select_mode(const std::string& name)
{
  if (name == "smpi")
    return SelectMode::Smpi;
  if (name == "fixed")
    return SelectMode::Fixed;
  if (name == "model")
    return SelectMode::Model;
  if (name == "ompi")
    return SelectMode::Ompi;
  std::string fidelity = name == "full" || name == "fast" ? " (the fidelity level is --fidelity " + name + ")" : "";
  throw std::invalid_argument("--select: unknown mode '" + name + "' (valid: smpi, fixed, model, ompi)" + fidelity);
}

int size_bucket(uint64_t bytes)
{
  int bucket = 0;
  while (bytes > 1) {
    bytes >>= 1;
    bucket++;
  }
  return bucket;
}

Decision decide(ActionKind op, const models::ModelContext& context, const CollArgs& args)
{
  Decision d;
  d.op        = op;
  d.comm_size = context.size;
  d.bytes     = args.bytes;
  double best = 0;
  for (const auto& alg : collective_operation(op).algorithms) {
    if (alg.predict == nullptr)
      continue;
    CollArgs tuned = args;
    if (alg.tune != nullptr)
      alg.tune(context, tuned);
    double seconds = alg.predict(context, tuned);
    if (!std::isfinite(seconds))
      continue;  // the model says the algorithm does not apply here (e.g. power-of-two only)
    Tuning tuning{alg.tune != nullptr ? tuned.segment_bytes : 0, alg.tune != nullptr ? tuned.limit : 0};
    d.candidates.push_back({&alg, seconds, tuning});
    if (d.chosen == nullptr || seconds < best) {
      d.chosen        = &alg;
      d.chosen_tuning = tuning;
      best            = seconds;
    }
  }
  return d;
}

Selector::Selector(SelectMode mode, CollChoice fixed, ContextOf contexts, Tuning tuning)
    : mode_(mode), fixed_(std::move(fixed)), contexts_(std::move(contexts)), tuning_(tuning)
{
}

Choice Selector::choose(ActionKind op, const Communicator& comm, const CollArgs& args, int rank)
{
  // With --select model or ompi, an operation the user fixed with --coll keeps that algorithm: the others are chosen.
  if (fixed_.is_set(op) || mode_ == SelectMode::Smpi || mode_ == SelectMode::Fixed)
    return {&fixed_.get(op), tuning_};
  if (mode_ == SelectMode::Ompi) {
    const CollAlgorithm* alg = ompi_algorithm(op, comm.size(), rank, args);
    return {alg != nullptr ? alg : &fixed_.get(op), tuning_};
  }
  auto key = std::make_tuple(op, comm.id(), size_bucket(args.bytes));
  auto it  = decisions_.find(key);
  if (it == decisions_.end()) {
    Decision d = decide(op, contexts_(comm), args);
    d.comm     = comm.id();
    it         = decisions_.emplace(key, std::move(d)).first;
  }
  // An operation none of whose algorithms has a model keeps the fixed (or SMPI) choice.
  if (it->second.chosen == nullptr)
    return {&fixed_.get(op), tuning_};
  return {it->second.chosen, it->second.chosen_tuning};
}

void print_decision(FILE* out, const Decision& d)
{
  const auto& op = collective_operation(d.op);
  std::fprintf(out, "%.*s on communicator %d (%d ranks), %llu bytes:\n", static_cast<int>(op.name.size()),
               op.name.data(), d.comm, d.comm_size, static_cast<unsigned long long>(d.bytes));
  if (d.candidates.empty())
    std::fprintf(out, "  no algorithm has a model: the fixed choice runs\n");
  for (const auto& c : d.candidates)
  {
    std::fprintf(out, "  %c %-24.*s %.9g s", c.algorithm == d.chosen ? '*' : ' ',
                 static_cast<int>(c.algorithm->name.size()), c.algorithm->name.data(), c.predicted_seconds);
    if (c.tuning.segment_bytes > 0)
      std::fprintf(out, "  (segments of %llu byte%s)", static_cast<unsigned long long>(c.tuning.segment_bytes),
                   c.tuning.segment_bytes == 1 ? "" : "s");
    if (c.tuning.limit > 0)
      std::fprintf(out, "  (K = %d)", c.tuning.limit);
    std::fputc('\n', out);
  }
}

void Selector::explain(FILE* out) const
{
  for (const auto& [key, d] : decisions_)
    print_decision(out, d);
}

} // namespace tireplay
