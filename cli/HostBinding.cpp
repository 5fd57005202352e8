#include "cli/HostBinding.h"

#include "checker/frontend/Paths.h"
#include "checker/host/HostContract.h"

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/Path.h>

namespace alint {

namespace {

// platform_ascendc::CoreMemType of a memory (asc-devkit
// include/utils/tiling/platform/platform_ascendc.h:47-58).
int coreMemType(Mem m) {
  switch (m) {
  case Mem::L0A:
    return 0;
  case Mem::L0B:
    return 1;
  case Mem::L0C:
    return 2;
  case Mem::L1:
    return 3;
  case Mem::UB:
    return 5;
  case Mem::FB:
    return 7;
  case Mem::BT:
    return 8;
  default:
    return -1;
  }
}

// platform_ascendc::SocVersion of a built-in target (same header, :60-85).
int socVersion(const std::string &target) {
  if (target == "ascend910b")
    return 1;
  if (target == "ascend310p")
    return 2;
  if (target == "ascend310b")
    return 3;
  if (target == "ascend950")
    return 4;
  if (target == "ascend910_93")
    return 12;
  return -1;
}

bool hasTilingInputs(const KernelModel &km) {
  bool any = false;
  std::function<void(const Sym &)> walk = [&](const Sym &s) {
    if (!s || any)
      return;
    if (s->op == SymOp::Var && s->var->role == VarRole::Input && s->var->name.find('.') != std::string::npos)
      any = true;
    for (auto &c : s->args)
      walk(c);
  };
  for (auto &b : km.buffers)
    walk(b.lenBytes);
  for (auto &g : km.globals)
    walk(g.sizeElems);
  for (auto &l : km.loops)
    walk(l.hi);
  for (auto &op : km.ops)
    for (auto &r : op.regions) {
      walk(r.offsetBytes);
      walk(r.lengthBytes);
    }
  return any;
}

// One contract per host file and target, for all the kernels of a run.
std::map<std::string, host::HostContract> &contractCache() {
  static std::map<std::string, host::HostContract> c;
  return c;
}

} // namespace

HostBindResult bindHostContract(KernelModel &km, const std::string &kernelFile, const model::TargetSpec &t,
                                const Options &o, const FileSettings &fs) {
  HostBindResult r;
  std::string reason;
  std::vector<std::string> files = host::locateHostTiling(kernelFile, reason);
  host::HostContract hc;
  if (!files.empty()) {
    host::HostOptions ho;
    std::string api = findApiDir();
    if (!api.empty()) {
      llvm::SmallString<256> h(api);
      llvm::sys::path::remove_filename(h); // api/include -> api
      if (llvm::sys::path::filename(api).empty())
        llvm::sys::path::remove_filename(h);
      llvm::sys::path::append(h, "host");
      ho.hostApiDir = std::string(h);
    }
    ho.resourceDir = findResourceDir();
    for (auto &[m, spec] : t.memories)
      if (int c = coreMemType(m); c >= 0)
        ho.memSize[c] = {int64_t(std::min(spec.usableBytes, spec.capacityBytes)), int64_t(spec.capacityBytes)};
    ho.socVersion = socVersion(t.name);
    ho.shapes = o.shapes;
    host::readOpDef(files, ho);
    llvm::StringRef hostDir = llvm::sys::path::parent_path(files.front());
    llvm::StringRef root = llvm::sys::path::parent_path(hostDir);
    ho.extraArgs = {"-I" + hostDir.str(), "-I" + root.str(), "-I" + root.str() + "/op_kernel",
                    "-I" + llvm::sys::path::parent_path(root).str()};
    for (const std::string &a : fs.compileArgs)
      if (llvm::StringRef(a).starts_with("-I") || llvm::StringRef(a).starts_with("-D"))
        ho.extraArgs.push_back(a);
    // The first host file with a tiling function; the others are helpers.
    std::string firstReason;
    for (const std::string &f : files) {
      std::string key = f + "\n" + t.name;
      for (auto &[n, dims] : o.shapes) {
        key += "\n" + n;
        for (int64_t d : dims)
          key += "," + std::to_string(d);
      }
      auto it = contractCache().find(key);
      if (it == contractCache().end())
        it = contractCache().emplace(key, host::readTilingFunction(f, ho)).first;
      r.hostFiles.push_back(f);
      if (it->second.ok) {
        hc = it->second;
        break;
      }
      if (firstReason.empty())
        firstReason = llvm::sys::path::filename(f).str() + ": " + it->second.reason;
    }
    if (!hc.ok)
      reason = firstReason;
  }
  if (!hc.ok) {
    if (hasTilingInputs(km))
      r.note = "tiling values unconstrained: " + reason;
    return r;
  }
  // Facts: the host accepted the input (its GRAPH_FAILED returns are not
  // taken), the variables' ranges, and each tiling field the kernel reads
  // equals what the host wrote.
  std::vector<Sym> facts = hc.facts;
  facts.push_back(hc.success);
  unsigned bound = 0;
  for (auto &[field, expr] : hc.fields) {
    auto b = bindAssumption(mkVar(field, IntType::i64(), VarRole::Input, "placeholder"), km);
    if (!b)
      continue; // the kernel does not read it
    facts.push_back(mkCmp(SymOp::Eq, *b, toMath(expr)));
    ++bound;
    if (auto c = asConst(expr))
      r.concrete[field] = *c;
  }
  if (hc.blockDim) {
    if (auto b = bindAssumption(mkVar("blockNum", IntType::i64(), VarRole::Input, "placeholder"), km)) {
      facts.push_back(mkCmp(SymOp::Eq, *b, toMath(hc.blockDim)));
      ++bound;
    }
    if (auto c = asConst(hc.blockDim))
      r.concrete["blockNum"] = *c;
  }
  if (bound == 0) {
    if (hasTilingInputs(km))
      r.note = "tiling values unconstrained: the host tiling function " + hc.function + " (" +
               llvm::sys::path::filename(hc.file).str() + ") sets no field the kernel reads";
    return r;
  }
  for (Sym &f : facts)
    km.facts.push_back(f);
  r.bound = true;
  r.note = "tiling values from the host: " + hc.function + " (" + llvm::sys::path::filename(hc.file).str() + "), " +
           std::to_string(bound) + " bound";
  if (!hc.unconstrained.empty()) {
    r.note += "; unconstrained:";
    for (auto &u : hc.unconstrained)
      r.note += " " + u;
  }
  return r;
}

} // namespace alint
