// Binds a kernel's tiling values to what its host tiling code sends
// (checker/host): the tiling fields, the block count and the host's own
// checks become facts of the kernel model, so its obligations are proved for
// every input shape the host accepts.
#pragma once

#include "checker/ir/KernelModel.h"
#include "checker/model/Target.h"
#include "cli/Driver.h"
#include "cli/Options.h"

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace alint {

struct HostBindResult {
  bool bound = false;
  std::string note;                        // "tiling values unconstrained: <reason>" or what was bound
  std::vector<std::string> hostFiles;      // read (for the result cache)
  std::map<std::string, int64_t> concrete; // --shape: tiling values the host computes
  std::vector<Sym> facts;                  // the contract, as facts over the kernel's variables
  std::map<uint32_t, Sym> values;          // kernel variable (by id) -> what the host sends
  // Non-empty: the host never launches this build configuration (its contract
  // holds for some input, but for none with this variant's template
  // arguments, which Z3 proved); the variant is not checked: one obligation,
  // proved, with this reason.
  std::string unlaunched;
  // The file's limits (its CPU-time deadline): the contract's own Z3
  // questions stop there too. Null: none.
  const Budget *limits = nullptr;
  // The variable ids of each fact, computed once (addHostFacts runs for every
  // obligation of the kernel).
  std::vector<std::vector<uint32_t>> factVars;
  // What addHostFacts computed for the terms it met, by node: the obligations
  // of a kernel share their path conditions (the same nodes), and rewriting
  // and scanning them once per obligation was a fifth of the CPU time of
  // ops-math sort_with_index. The keys' nodes are kept alive by `seen`.
  struct TermCache {
    std::unordered_map<const SymNode *, Sym> substituted; // every node rewritten, shared subterms too
    std::unordered_map<const SymNode *, std::vector<uint32_t>> ids;
    // Variable id -> the facts naming it (built on first use).
    std::unordered_map<uint32_t, std::vector<uint32_t>> factsOfVar;
    bool factsIndexed = false;
    std::vector<Sym> seen;
  };
  std::shared_ptr<TermCache> cache = std::make_shared<TermCache>();
};

// Adds to an obligation's context the contract facts connected to its
// variables (transitively). Facts about unrelated values (a block count
// computed by division, another field) only slow Z3 down; leaving them out
// only weakens the context.
// The tiling fields and the block count are replaced by the host's
// expressions, so Z3 sees the arithmetic over the shapes (often constants)
// and a counterexample names shapes.
void addHostFacts(Obligation &ob, const HostBindResult &hb);

// launchOnly: only whether the host launches km.variant at all (km may be a
// model with just its name and variant): `unlaunched` set or not.
HostBindResult bindHostContract(KernelModel &km, const std::string &kernelFile, const model::TargetSpec &t,
                                const Options &o, const FileSettings &fs, const Budget *limits = nullptr,
                                bool launchOnly = false);

} // namespace alint
