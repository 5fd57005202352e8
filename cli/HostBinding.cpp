#include "cli/HostBinding.h"

#include "checker/frontend/Paths.h"
#include "checker/host/HostContract.h"
#include "checker/project/OpProject.h"
#include "rules/ProofMemo.h"
#include "smt/Solver.h"

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <regex>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace alint {

static bool provedBriefly(const std::vector<Sym> &context, const Sym &property, const Budget *limits);
static size_t dagNodes(const std::vector<Sym> &terms, size_t limit);
static bool dagNodesPast(const std::vector<Sym> &terms, size_t limit);

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
  std::unordered_set<const SymNode *> seen; // shared nodes once
  std::function<void(const Sym &)> walk = [&](const Sym &s) {
    if (!s || any || !seen.insert(s.get()).second)
      return;
    // Tiling fields (`t.tileLength`) and kernel arguments; the block count
    // alone is not a tiling value.
    if (s->op == SymOp::Var && s->var->role == VarRole::Input && s->var->name != "blockNum")
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

// The GM tensors set up without a size get their argument's extent from the
// contract, less the tensor's start in it, as if SetGlobalBuffer had been
// given that size: the kernel argument named like an OpDef tensor (or the
// launch's parameter) holds that tensor. The kernel's element type is taken
// to be the tensor's dtype (each dtype is its own kernel build), so only a
// GlobalTensor whose element size is one of the tensor's dtypes gets it;
// others (a byte view of a float tensor) stay unknown. The argument read
// through a raw pointer (byte-addressed) gets it where the tensor's dtype
// size is the same for every dtype the variant allows.
// The facts that tie a used extent to the shape's dimensions join `facts`
// (only then: they are products, which slow down every query they join).
unsigned bindExtents(KernelModel &km, const host::HostContract &hc, bool workspaceKnown, std::vector<Sym> &facts) {
  std::set<std::string> used;
  unsigned n = 0;
  for (GlobalBuf &g : km.globals) {
    if (g.sizeElems || g.root.empty() || g.elemBytes == 0)
      continue;
    // The kernel's workspace (`workspace`, the framework's name for the
    // argument before the tiling): the bytes the host set, the system
    // workspace included (GetUserWorkspace's offset skips it). Only where
    // the target says how large that is: the offset is 0 otherwise.
    if ((g.root == "workspace" || g.root == "workSpace") && workspaceKnown && !hc.workspace.empty() &&
        hc.workspace[0]) {
      Sym left = sub(toMath(hc.workspace[0]), toMath(g.baseOffsetBytes ? g.baseOffsetBytes : mkConst(0)));
      g.hostBytes = left;
      g.sizeElems = mkBin(SymOp::Div, left, mkConst(g.elemBytes), IntType::math());
      g.extentFrom = GlobalBuf::Extent::HostWorkspace;
      ++n;
      continue;
    }
    auto it = hc.tensors.find(g.root);
    if (it == hc.tensors.end())
      continue;
    const host::HostContract::Tensor &t = it->second;
    Sym bytes;
    const bool rawArgument = g.name.compare(0, 1, "*") == 0;
    if (t.bytes) {
      bytes = toMath(t.bytes);
      g.extentFrom = GlobalBuf::Extent::HostMalloc;
    } else if (t.elems && rawArgument) {
      // The argument itself, addressed in bytes (`*(__gm__ T *)value`, a
      // scalar input): the tensor's bytes where its dtype's size is known.
      // Its byte addressing says nothing of the dtype (a 1-byte dtype among
      // the tensor's would otherwise pass for it).
      if (t.dtypeBytes.size() != 1)
        continue;
      bytes = mul(t.elems, mkConst(t.dtypeBytes.front()));
      g.extentFrom = GlobalBuf::Extent::HostShape;
    } else if (t.elems &&
               std::find(t.dtypeBytes.begin(), t.dtypeBytes.end(), int64_t(g.elemBytes)) != t.dtypeBytes.end()) {
      bytes = mul(t.elems, mkConst(g.elemBytes));
      g.extentFrom = GlobalBuf::Extent::HostShape;
    } else {
      continue;
    }
    Sym left = sub(bytes, toMath(g.baseOffsetBytes ? g.baseOffsetBytes : mkConst(0)));
    g.hostBytes = left;
    g.sizeElems = mkBin(SymOp::Div, left, mkConst(g.elemBytes), IntType::math());
    if (used.insert(g.root).second)
      facts.insert(facts.end(), t.facts.begin(), t.facts.end());
    ++n;
  }
  return n;
}

// The OpDef's DataType lists are columns, one combination each: a variant
// built for `vs` of tensor `n` runs only with the columns holding one of them,
// so every other tensor takes its dtypes from those columns (addcmul's kernel
// names DTYPE_X1, its host reads input 0, `input_data`, of the same column).
// Never widens an earlier pin; a tensor with a dtype the reader does not know
// in those columns stays free. Returns the part of the contract cache key.
std::string narrowToColumns(const std::string &n, const std::vector<int64_t> &vs, host::HostOptions &ho) {
  std::string key;
  auto col = ho.dtypeColumns.find(n);
  if (col == ho.dtypeColumns.end())
    return key;
  std::vector<size_t> ks;
  for (size_t k = 0; k < col->second.size(); ++k)
    if (std::find(vs.begin(), vs.end(), col->second[k]) != vs.end())
      ks.push_back(k);
  if (ks.empty())
    return key;
  for (auto &[other, values] : ho.dtypeColumns) {
    if (other == n || values.size() != col->second.size())
      continue;
    auto cur = ho.dtypes.find(other);
    std::vector<int64_t> narrowed;
    bool known = true;
    for (size_t k : ks) {
      int64_t v = values[k];
      known &= v >= 0;
      bool allowed =
          cur == ho.dtypes.end() || std::find(cur->second.begin(), cur->second.end(), v) != cur->second.end();
      if (allowed && std::find(narrowed.begin(), narrowed.end(), v) == narrowed.end())
        narrowed.push_back(v);
    }
    if (!known || narrowed.empty())
      continue;
    ho.dtypes[other] = narrowed;
    key += "\n" + other + "~" + n;
  }
  return key;
}

// One contract per host file and target, for all the kernels of a run.
// A kernel variant is built for one dtype of each tensor whose DTYPE_<NAME>
// macro it uses (label "DTYPE_X=half, ..."; checker/project dtypeVariants):
// the runtime launches that build only when the tensor has that dtype, so the
// host reader takes it as the tensor's only dtype. Returns the pins, for the
// contract cache key.
std::string pinVariantDtypes(const std::string &label, host::HostOptions &ho) {
  std::string key;
  static const std::regex tok(R"((?:^|, )DTYPE_([A-Z0-9_]+)=([A-Za-z0-9_]+))");
  for (std::sregex_iterator it(label.begin(), label.end(), tok), end; it != end; ++it) {
    std::string macro = (*it)[1], cpp = (*it)[2];
    std::vector<std::string> names = ho.inputNames;
    names.insert(names.end(), ho.outputNames.begin(), ho.outputNames.end());
    for (const std::string &n : names) {
      std::string up = n;
      for (char &c : up)
        c = char(toupper(static_cast<unsigned char>(c)));
      if (up != macro)
        continue;
      std::vector<int64_t> vs = host::dtypeValuesOfCppType(cpp);
      auto d = ho.dtypes.find(n);
      if (d != ho.dtypes.end()) {
        std::vector<int64_t> both;
        for (int64_t v : vs)
          if (std::find(d->second.begin(), d->second.end(), v) != d->second.end())
            both.push_back(v);
        vs = both;
      }
      if (vs.empty())
        continue; // not a declared dtype of the tensor: leave it free
      ho.dtypes[n] = vs;
      key += "\n" + n + "=" + cpp;
      key += narrowToColumns(n, vs, ho);
    }
  }
  return key;
}

// Whether a value a path chooses (`c ? 1 : 0`, through casts) has a value
// the reader did not model: a leaf, not only a condition that picks one.
static bool opaqueLeaf(const Sym &v) {
  if (v->op == SymOp::Select && v->args.size() == 3)
    return opaqueLeaf(v->args[1]) || opaqueLeaf(v->args[2]);
  if (v->op == SymOp::Cast && v->args.size() == 1 && !v->args[0]->type.isBool)
    return opaqueLeaf(v->args[0]);
  return containsOpaque(v);
}

// `s` with every sub-term equal to `node` replaced by the truth value `with`,
// folded on the way up (a select on it picks its branch). simplifyUnder
// knows atoms; a pin is often a compound condition, `!(rank <= 1 && ok)`.
static Sym replaceCondition(const Sym &s, const Sym &node, bool with, std::unordered_map<const SymNode *, Sym> &memo) {
  if (s->args.empty())
    return s;
  if (auto it = memo.find(s.get()); it != memo.end())
    return it->second;
  Sym out = s;
  if (s->type.isBool && s->hash == node->hash && structurallyEqual(s, node)) {
    out = mkBool(with);
  } else {
    std::vector<Sym> a;
    bool changed = false;
    for (const Sym &x : s->args) {
      a.push_back(replaceCondition(x, node, with, memo));
      changed |= a.back().get() != x.get();
    }
    if (changed)
      out = withArgs(s, a);
  }
  memo.emplace(s.get(), out);
  return out;
}

// A variant built for one ASCENDC_TPL_SEL combination (label "TPL a=1,
// D_T=half"; checker/frontend planTplInstantiations) runs only when the host
// passed those values to GET_TPL_TILING_KEY: the arguments are in the
// declaration's order on both sides. A DATATYPE value is a C++ type here and
// a ge::DataType on the host (C_DT_* ids are ge::DataType's, TplSelect.cpp).
std::vector<Sym> tplPins(const std::string &label, const host::HostContract &hc, std::map<uint32_t, Sym> &pinned) {
  std::vector<Sym> out;
  size_t at = label.find("TPL ");
  if (at == std::string::npos || hc.tplArgs.empty())
    return out;
  static const std::regex tok(R"(([A-Za-z_][A-Za-z0-9_]*)=([^,]+)(?:, |$))");
  std::string rest = label.substr(at + 4);
  unsigned i = 0;
  for (std::sregex_iterator it(rest.begin(), rest.end(), tok), end; it != end; ++it, ++i) {
    auto a = hc.tplArgs.find(i);
    // Not known on some path (ops-math cosh sets its key on the empty-input
    // path only): the argument stays free rather than tie every question of
    // the variant to a value the reader does not model. A value not modelled
    // only in the condition that chooses among known ones (ops-math diag_v2:
    // `rank <= 1` hands over to another operator's tiling, whose status is
    // not followed, and selects 1 there) pins it: the fact holds for every
    // value of that status.
    if (a == hc.tplArgs.end() || opaqueLeaf(a->second))
      continue;
    // `schMode=0|1`: one instantiation for values the kernel does not tell
    // apart (planTplInstantiations); the host passes any of them.
    std::vector<int64_t> vals;
    bool understood = true;
    const std::string valueText = (*it)[2].str();
    for (llvm::StringRef rest = valueText; understood && !rest.empty();) {
      auto [head, tail] = rest.split('|');
      rest = tail;
      std::string v = head.str();
      std::vector<int64_t> these;
      if (v == "true" || v == "false")
        these = {v == "true" ? 1 : 0};
      else if (std::regex_match(v, std::regex(R"(-?[0-9]+)")))
        these = {std::stoll(v)};
      else
        these = host::dtypeValuesOfCppType(v);
      understood = !these.empty();
      vals.insert(vals.end(), these.begin(), these.end());
    }
    if (!understood || vals.empty())
      continue; // not understood: the argument stays free
    Sym any = mkBool(false);
    for (int64_t x : vals)
      any = mkOr(any, mkCmp(SymOp::Eq, toMath(a->second), mkConst(x)));
    out.push_back(any);
    Sym var = a->second;
    while (var->op == SymOp::Cast)
      var = var->args[0];
    if (vals.size() == 1 && var->op == SymOp::Var && var->var->role != VarRole::Opaque && !var->type.isBool &&
        vals[0] >= var->type.minValue() && (vals[0] < 0 || uint64_t(vals[0]) <= var->type.maxValue()))
      pinned[var->var->id] = mkConst(vals[0], var->type);
  }
  return out;
}

// The variant's `TILING_KEY=k` (one TILING_KEY_IS branch, cli's variants):
// the host's SetTilingKey value equals k. Only where the host sets the key
// itself: a key built by GET_TPL_TILING_KEY encodes the template arguments,
// pinned by tplPins. Null when the label fixes no key or the key is not known.
Sym tilingKeyPin(const std::string &label, const host::HostContract &hc) {
  static const std::regex key(R"((?:^|, )TILING_KEY=([0-9]+)(?:,|$))");
  std::smatch m;
  if (!hc.tilingKey || !hc.tplArgs.empty() || containsOpaque(hc.tilingKey) || !std::regex_search(label, m, key))
    return nullptr;
  return mkCmp(SymOp::Eq, toMath(hc.tilingKey), mkConst(std::stoll(m[1])));
}

// No product of two unknowns and no quotient or remainder by one: Z3 decides
// such a condition with linear arithmetic.
bool isLinear(const Sym &s) {
  std::set<const SymNode *> seen;
  std::vector<const SymNode *> todo{s.get()};
  while (!todo.empty()) {
    const SymNode *n = todo.back();
    todo.pop_back();
    if (!seen.insert(n).second)
      continue;
    if (n->op == SymOp::Mul && !asConst(n->args[0]) && !asConst(n->args[1]))
      return false;
    if ((n->op == SymOp::Div || n->op == SymOp::Rem) && !asConst(n->args[1]))
      return false;
    for (const Sym &a : n->args)
      todo.push_back(a.get());
  }
  return true;
}

std::map<std::string, host::HostContract> &contractCache() {
  static std::map<std::string, host::HostContract> c;
  return c;
}

// The --shape values, as part of a contract's cache key.
std::string shapesKey(const Options &o) {
  std::string key;
  for (auto &[n, dims] : o.shapes) {
    key += "\n" + n;
    for (int64_t d : dims)
      key += "," + std::to_string(d);
  }
  return key;
}

// What the host reader needs of the target and the command line.
host::HostOptions hostOptions(const model::TargetSpec &t, const Options &o) {
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
  // GetCoreMemSize gives "实际可用的" (what is left to allocate) UB size
  // (PlatformAscendC/ReserveLocalMemory.md), i.e. the allocator's TOTAL_UB_SIZE:
  // 192 KiB on NPU arch 2201 (impl/basic_api/utils/kernel_utils_constants.h;
  // model::allocatableBytes for a kernel that is not mixed), 248 KiB on
  // ascend950 (cann-samples bf86036 computes vector_add's tile from
  // GetCoreMemSize(UB) = 248 KiB on Ascend950). Other memories: anywhere from
  // the usable to the physical size.
  for (auto &[m, spec] : t.memories)
    if (int c = coreMemType(m); c >= 0) {
      int64_t lo = int64_t(std::min(spec.usableBytes, spec.capacityBytes)), hi = int64_t(spec.capacityBytes);
      if (c == 5) {
        int64_t alloc = t.npuArch == 2201 && hi - lo == 256 ? hi : lo;
        lo = hi = alloc;
      }
      ho.memSize[c] = {lo, hi};
    }
  ho.socVersion = socVersion(t.name);
  if (t.maxAicCores && t.maxAivCores) {
    ho.maxAicCores = t.maxAicCores;
    ho.maxAivCores = t.maxAivCores;
  }
  ho.splitCores = t.splitCores;
  ho.npuArch = t.npuArch > 0 ? t.npuArch : -1;
  ho.reservedWorkspaceBytes = t.reservedWorkspaceBytes;
  ho.shapes = o.shapes;
  return ho;
}

} // namespace

// The ids of the variables of s, in the order a walk meets them.
static std::vector<uint32_t> varIds(const Sym &s) {
  std::vector<std::shared_ptr<const VarInfo>> vs;
  collectVars(s, vs);
  std::vector<uint32_t> ids;
  for (auto &v : vs)
    ids.push_back(v->id);
  return ids;
}

static Sym acceptedUnderItself(const Sym &accepted);

HostBindResult bindHostContract(KernelModel &km, const std::string &kernelFile, const model::TargetSpec &t,
                                const Options &o, const FileSettings &fs, const Budget *limits, bool launchOnly) {
  HostBindResult r;
  r.limits = limits;
  std::string reason;
  std::vector<std::string> files;
  static std::map<std::string, std::optional<project::OpProject>> projects; // one discovery per file
  auto pit = projects.find(kernelFile + "\n" + fs.opRoot);
  if (pit == projects.end())
    pit = projects.emplace(kernelFile + "\n" + fs.opRoot, project::findOpProject(kernelFile, fs.opRoot)).first;
  const std::optional<project::OpProject> &proj = pit->second;
  if (proj)
    files = host::hostTilingSources(*proj, reason);
  // Host folders per architecture (op_host/arch22/, op_host/arch35/: each
  // registers the operator's tiling function for its chips): the target's
  // own first (archNN, NN = __NPU_ARCH__ / 100), then files in no such
  // folder, then the other folders'. ops-math diag_v2 on ascend950 was read
  // through arch22's function, whose struct the arch35 kernel does not use:
  // no field bound.
  {
    const std::string own = "arch" + std::to_string(t.npuArch / 100);
    auto rank = [&](const std::string &f) {
      llvm::StringRef rel = llvm::StringRef(f);
      if (size_t at = rel.find("/op_host/"); at != llvm::StringRef::npos)
        rel = rel.drop_front(at + 9);
      int r = 1;
      for (auto it = llvm::sys::path::begin(rel), end = llvm::sys::path::end(rel); it != end; ++it) {
        llvm::StringRef part = *it;
        if (std::next(it) == end)
          break; // the file's own name
        if (part.size() > 4 && part.starts_with("arch") &&
            std::all_of(part.begin() + 4, part.end(), [](char c) { return c >= '0' && c <= '9'; }))
          r = part == own ? 0 : 2;
      }
      return r;
    };
    std::stable_sort(files.begin(), files.end(),
                     [&](const std::string &a, const std::string &b) { return rank(a) < rank(b); });
  }
  host::HostContract hc;
  // A direct launch in the kernel's own file (read only when the file has a
  // `<<<` launch: the host reader parses the file again).
  static std::map<std::string, bool> launches;
  auto lit = launches.find(kernelFile);
  if (lit == launches.end()) {
    auto buf = llvm::MemoryBuffer::getFile(kernelFile);
    lit = launches.emplace(kernelFile, buf && (*buf)->getBuffer().contains("<<<")).first;
  }
  if (!proj && !lit->second)
    reason = "not in an operator project, and no launch in the file";
  if (!proj && lit->second) {
    host::HostOptions ho = hostOptions(t, o);
    ho.kernelApiDir = findApiDir();
    llvm::SmallString<256> dir(kernelFile);
    llvm::sys::fs::make_absolute(dir);
    llvm::sys::path::remove_filename(dir);
    ho.extraArgs = {"-D__NPU_ARCH__=" + std::to_string(t.npuArch), "-D__CCE_AICORE__=" + std::to_string(t.cceAicore),
                    "-I" + std::string(dir)};
    for (const std::string &a : fs.compileArgs)
      if (llvm::StringRef(a).starts_with("-I") || llvm::StringRef(a).starts_with("-D"))
        ho.extraArgs.push_back(a);
    std::string key = "launch\n" + kernelFile + "\n" + km.name + "\n" + t.name + shapesKey(o);
    auto it = contractCache().find(key);
    if (it == contractCache().end())
      it = contractCache().emplace(key, host::readDirectLaunch(kernelFile, km.name, ho)).first;
    hc = it->second;
    r.hostFiles.push_back(kernelFile);
    if (!hc.ok)
      reason = "not in an operator project, and no direct launch read: " + hc.reason;
  }
  if (!files.empty()) {
    host::HostOptions ho = hostOptions(t, o);
    host::applyOpDef(*proj, ho);
    if (proj->opDefs.size() == 1)
      ho.opType = proj->opDefs[0].opName;
    std::string pins = pinVariantDtypes(km.variant, ho);
    // Half of what is left of this configuration's CPU time: the checks need
    // the rest (ops-math stateless_random: its random tiling base, read for
    // each dtype, took the whole limit and the file was stopped).
    if (limits && limits->deadline != Budget::Clock::time_point{}) {
      auto now = Budget::Clock::now();
      ho.deadline = limits->deadline > now ? now + (limits->deadline - now) / 2 : now;
    }
    std::string hostDir = proj->root + "/op_host";
    ho.extraArgs = {"-I" + hostDir, "-I" + proj->root, "-I" + proj->root + "/op_kernel",
                    "-I" + llvm::sys::path::parent_path(proj->root).str()};
    for (const std::string &d : proj->includeDirs)
      ho.extraArgs.push_back("-I" + d);
    // Includes written from the repository's root (`"random/random_common/
    // op_host/..."`): the folders above the project, last (a few levels).
    {
      llvm::StringRef up = llvm::sys::path::parent_path(llvm::sys::path::parent_path(proj->root));
      for (int i = 0; i < 3 && !up.empty() && up != "/"; ++i, up = llvm::sys::path::parent_path(up))
        ho.extraArgs.push_back("-I" + up.str());
    }
    for (const std::string &a : fs.compileArgs)
      if (llvm::StringRef(a).starts_with("-I") || llvm::StringRef(a).starts_with("-D"))
        ho.extraArgs.push_back(a);
    // The first host file with a tiling function; the others are helpers.
    std::string firstReason;
    // A host file whose reading ran out of its CPU time for one build
    // configuration is not read again for the next: it would again.
    static std::map<std::string, std::string> outOfTime; // host file and target -> the reason
    for (const std::string &f : files) {
      std::string key = f + "\n" + t.name + shapesKey(o) + pins;
      auto it = contractCache().find(key);
      if (it == contractCache().end()) {
        auto slow = outOfTime.find(f + "\n" + t.name);
        host::HostContract read;
        if (slow != outOfTime.end())
          read.reason = slow->second + " (in an earlier build configuration)";
        else
          read = host::readTilingFunction(f, ho);
        if (!read.ok && host::outOfTime(read.reason))
          outOfTime.emplace(f + "\n" + t.name, read.reason);
        it = contractCache().emplace(key, std::move(read)).first;
      }
      r.hostFiles.push_back(f);
      if (it->second.ok) {
        hc = it->second;
        for (const std::string &c : hc.companions)
          r.hostFiles.push_back(c);
        break;
      }
      if (firstReason.empty())
        firstReason = llvm::sys::path::filename(f).str() + ": " + it->second.reason;
    }
    if (!hc.ok)
      reason = firstReason;
  }
  if (hc.ok && hc.success && isFalse(hc.success)) {
    hc.ok = false;
    reason = "the host function " + hc.function + " never launches the kernel (never returns GRAPH_SUCCESS)";
  }
  if (!hc.ok) {
    if (getenv("ALINT_HOST_DEBUG"))
      fprintf(stderr, "host: %s\n", reason.c_str());
    if (hasTilingInputs(km))
      r.note = "tiling values unconstrained: " + reason;
    return r;
  }
  // Facts: the host accepted the input (its GRAPH_FAILED returns are not
  // taken), the variables' ranges, and each tiling field the kernel reads
  // equals what the host wrote.
  // The variant's template arguments: a host variable they pin to one value
  // is replaced by it everywhere (the host's per-dtype selects fold away
  // before Z3 sees them); other pins join as facts.
  std::map<uint32_t, Sym> pinned;
  std::vector<Sym> pins = tplPins(km.variant, hc, pinned);
  if (getenv("ALINT_HOST_DEBUG"))
    for (const Sym &p : pins)
      fprintf(stderr, "host pin: %s\n", toString(p).c_str());
  // A value the host reader did not model inside a field's expression (the
  // size of a shape it could not follow, on the empty-input path) is a free
  // host input here, as a field the reader knows nothing of is: a
  // counterexample that needs a particular value of it is reported like one on
  // an unconstrained field. Left opaque, it would make every query on the
  // field `unknown` on failure and cut its budget (ops-math addcmul: 1,464 of
  // 1,536 obligations decided, 596 with the opaque kept).
  std::map<uint32_t, Sym> freed;
  // withPins false: the contract as it is for every variant (the checks
  // below tell a variant the host never selects from a reader gone wrong).
  auto foldAs = [&](const Sym &e, bool withPins) {
    if (!e)
      return e;
    return substitute(e, [&](const VarInfo &v) -> Sym {
      if (auto it = pinned.find(v.id); withPins && it != pinned.end())
        return it->second;
      if (v.role != VarRole::Opaque)
        return nullptr;
      auto [it, fresh] = freed.emplace(v.id, nullptr);
      if (fresh)
        it->second = mkVar("host.unmodelled" + std::to_string(freed.size()), IntType::math(), VarRole::Input,
                           std::string(kHostUnmodelledReason) + ": " + v.reason);
      if (fresh && getenv("ALINT_HOST_DEBUG"))
        fprintf(stderr, "host unmodelled%zu: %s\n", freed.size(), v.reason.c_str());
      return it->second;
    });
  };
  // Values under the variant's key where it is linear: a key chosen by the
  // dtype (ops-math sim_thread_exponential: 1, 2, 3 for float, half, bf16)
  // folds the host's per-dtype choices as a dtype pin does.
  std::vector<Sym> under;
  // The template pins that are linear, likewise: the host's branches on the
  // condition that selects the arguments fold (ops-math diag_v2's rank). A
  // compound pin (`!(rank <= 1 && ok)`) is replaced where it appears.
  std::vector<std::pair<Sym, bool>> conditions;
  for (const Sym &p : pins)
    if (Sym fp = foldAs(p, true); fp && isLinear(fp)) {
      under.push_back(fp);
      const bool negated = fp->op == SymOp::LNot;
      const Sym &g = negated ? fp->args[0] : fp;
      if (g->op == SymOp::LAnd || g->op == SymOp::LOr)
        conditions.push_back({g, !negated});
    }
  auto fold = [&](const Sym &e) {
    Sym f = foldAs(e, true);
    for (const auto &[node, value] : conditions) {
      std::unordered_map<const SymNode *, Sym> memo;
      f = f ? replaceCondition(f, node, value, memo) : f;
    }
    return !under.empty() && f ? simplifyUnder(f, under) : f;
  };
  // The key's condition joins every question of the variant where it is
  // linear (`value.size == 1`, a dtype); a non-linear one (a remainder by the
  // core count: ops-math lerp's key is whether the blocks split evenly over
  // the cores) would make each of them non-linear and cost the variant a
  // fifth of its decided obligations: it only tells whether the variant is
  // launched at all.
  Sym keyOnlyForLaunch;
  if (Sym kp = tilingKeyPin(km.variant, hc)) {
    kp = foldAs(kp, true);
    if (isLinear(kp)) {
      pins.push_back(kp);
      under.push_back(kp);
    } else {
      keyOnlyForLaunch = kp;
    }
  }
  std::vector<Sym> facts;
  const Sym accepted = acceptedUnderItself(boolSelectsAsLogic(fold(hc.success)));
  // The other facts and the fields under it: a value a helper leaves unset
  // on its failure path (`uint64_t n;` passed by reference to a function
  // that returns GRAPH_FAILED before writing it, then checked by the caller)
  // is merged as `ok ? value : <not initialised>`, and the input is accepted
  // only where `ok` holds (ops-math rsqrt_grad: its tile facts named values
  // not modelled, and every question over them was `unknown`). Equivalent,
  // as every fact is asserted with the accepted one.
  FactSimplifier underAccepted({accepted});
  for (const Sym &f : hc.facts)
    facts.push_back(underAccepted(fold(f)));
  facts.push_back(accepted);
  // The pins, with the values the reader did not model freed as in the rest.
  // One that still names such a value (diag_v2's `!(rank <= 1 && status ==
  // 0)`, the status of another operator's tiling) is not a fact: every
  // question with it would be cut to a small budget (Solver.cpp), and the
  // values and facts were folded under it above (`under`): the contract
  // only gets weaker.
  for (const Sym &p : pins) {
    Sym f = foldAs(p, true);
    std::vector<std::shared_ptr<const VarInfo>> vs;
    collectVars(f, vs);
    const bool namesUnmodelled =
        std::any_of(vs.begin(), vs.end(), [](const auto &v) { return v->reason.rfind(kHostUnmodelledReason, 0) == 0; });
    if (namesUnmodelled && isLinear(f))
      continue;
    facts.push_back(f);
  }
  unsigned bound = 0;
  // A value or fact too large to put into the kernel's questions: each of
  // them would translate thousands of nodes for Z3 (ops-math pad_v3 arch35:
  // fields of 2,000-4,000 nodes, the file stopped at its CPU-time limit
  // before a check ran). Such a field is a host value the reader does not
  // model (a failure that needs a value of it is `unknown`, not a warning);
  // such a fact is left out (the contract only gets weaker).
  constexpr size_t kMaxContractNodes = 1500;
  std::vector<std::string> tooLarge;
  auto bind = [&](const std::string &name, const Sym &rawExpr, bool field) {
    Sym expr = underAccepted(fold(rawExpr));
    auto b = bindAssumption(mkVar(name, IntType::i64(), VarRole::Input, "placeholder"), km, field);
    if (!b)
      return; // the kernel does not read it
    if (dagNodesPast({expr}, kMaxContractNodes)) {
      expr = mkVar("host." + name, IntType::math(), VarRole::Input,
                   std::string(kHostUnmodelledReason) + ": the host's value of '" + name +
                       "' is too large to use (more than " + std::to_string(kMaxContractNodes) + " terms)");
      tooLarge.push_back(name);
    }
    Sym v = *b;
    while (v->op == SymOp::Cast)
      v = v->args[0];
    if (v->op != SymOp::Var)
      return;
    // Constants are substituted (a product with a tiling field stays linear
    // for Z3); other values join as equalities.
    if (v->type == expr->type && asConst(expr))
      r.values[v->var->id] = expr;
    else
      facts.push_back(mkCmp(SymOp::Eq, *b, toMath(expr)));
    ++bound;
    if (auto c = asConst(expr))
      r.concrete[name] = *c;
  };
  for (auto &[field, expr] : hc.fields)
    bind(field, expr, true);
  if (hc.blockDim)
    bind("blockNum", mkCast(hc.blockDim, IntType::i64()), false);
  if (getenv("ALINT_HOST_DEBUG")) {
    for (auto &[f, e] : hc.fields)
      fprintf(stderr, "host field: %s (%zu nodes) = %s\n", f.c_str(), dagNodes({e}, SIZE_MAX - 1),
              toString(e, 300).c_str());
    for (auto &u : hc.unconstrained)
      fprintf(stderr, "host field: %s unconstrained\n", u.c_str());
  }
  unsigned extents = launchOnly ? 0 : bindExtents(km, hc, t.reservedWorkspaceBytes >= 0, facts);
  if (!launchOnly && bound == 0 && extents == 0) {
    if (hasTilingInputs(km))
      r.note = "tiling values unconstrained: the host tiling function " + hc.function + " (" +
               llvm::sys::path::filename(hc.file).str() + ") sets no field the kernel reads";
    return r;
  }
  // Conjunctions split, so that each part joins a query on its own variables.
  std::vector<Sym> todo = facts;
  while (!todo.empty()) {
    Sym f = todo.back();
    todo.pop_back();
    if (f->op == SymOp::LAnd) {
      todo.push_back(f->args[0]);
      todo.push_back(f->args[1]);
    } else if (f->op == SymOp::LNot && f->args[0]->op == SymOp::LOr) {
      todo.push_back(mkNot(f->args[0]->args[0]));
      todo.push_back(mkNot(f->args[0]->args[1]));
    } else if (f->op == SymOp::LNot && f->args[0]->op == SymOp::LNot) {
      todo.push_back(f->args[0]->args[0]);
    } else if (dagNodesPast({f}, kMaxContractNodes)) {
      tooLarge.push_back("a precondition");
    } else if (!isTrue(f)) {
      r.facts.push_back(f);
    }
  }
  // A contract must leave the kernel something to check, or every obligation
  // would be proved vacuously (ops-math cosh, before keepField in
  // HostInterp.cpp took a field reached through two objects as unknown: every
  // field was the empty-input path's 0, and a DataCopy grown by 256 Ki
  // elements past its buffer was "verified"). Facts that contradict each
  // other, or that admit only empty tensors: whether the host never launches
  // this build configuration or the reader went wrong cannot be told apart
  // here, so the kernel is checked without the contract and says so.
  // A short budget: a contradiction is found at once where there is one
  // (pins against the host's selection); a contract Z3 cannot decide is
  // used, as one it proves satisfiable.
  auto impliedBy = [&](const std::vector<Sym> &context, const Sym &property) {
    return provedBriefly(context, property, limits);
  };
  auto implied = [&](const Sym &property) { return impliedBy(r.facts, property); };
  auto contradicts = [&](const std::vector<Sym> &context) {
    return std::any_of(context.begin(), context.end(), [](const Sym &f) { return isFalse(f); }) ||
           (!context.empty() && impliedBy(context, mkBool(false)));
  };
  std::vector<Sym> launchFacts = r.facts;
  if (keyOnlyForLaunch)
    launchFacts.push_back(keyOnlyForLaunch);
  bool contradictory = contradicts(launchFacts);
  bool emptyOnly = false;
  Sym allEmpty = mkBool(true), allEmptyFree = mkBool(true);
  unsigned sizes = 0;
  auto freeOnly = [&](const Sym &e) { return foldAs(e, false); };
  for (auto &[name, t] : hc.tensors)
    if (t.elems) {
      allEmpty = mkAnd(allEmpty, mkCmp(SymOp::Le, toMath(fold(t.elems)), mkConst(0)));
      allEmptyFree = mkAnd(allEmptyFree, mkCmp(SymOp::Le, toMath(freeOnly(t.elems)), mkConst(0)));
      ++sizes;
    }
  if (!contradictory && !r.facts.empty())
    emptyOnly = sizes && implied(allEmpty);
  // Contradictory, or empty-only, only with this variant's template
  // arguments: the host accepts (non-empty) inputs, but selects other
  // arguments for every one of them (ops-math rsqrt_grad always passes
  // ELEMENTWISE_TPL_SCH_MODE_0: its schMode=1 variant, checked without the
  // contract, drew 58 warnings per dtype for tiling values the host never
  // sends), or these only for empty inputs (sub_v2's schMode=0 is its
  // empty-input path). Never launched: nothing to check, and Z3 proved it
  // (one obligation, proved). Launched only for empty tensors: checked
  // under the contract, which then holds only for them.
  bool variantOnly = false;
  if ((contradictory || emptyOnly) && (!pins.empty() || !pinned.empty() || keyOnlyForLaunch)) {
    std::vector<Sym> base;
    for (const Sym &f : hc.facts)
      base.push_back(freeOnly(f));
    base.push_back(freeOnly(hc.success));
    variantOnly = !contradicts(base) && !(sizes && impliedBy(base, allEmptyFree));
  }
  if (contradictory && variantOnly) {
    HostBindResult none;
    none.hostFiles = r.hostFiles;
    none.unlaunched = "never launched: the host tiling function " + hc.function + " (" +
                      llvm::sys::path::filename(hc.file).str() +
                      ") selects another tiling key or other template arguments for every input it accepts";
    none.note = "not checked: " + none.unlaunched;
    return none;
  }
  if (launchOnly)
    return HostBindResult{};
  if (contradictory || (emptyOnly && !variantOnly)) {
    HostBindResult none;
    none.hostFiles = r.hostFiles;
    none.note = "tiling values unconstrained: the contract read from the host tiling function " + hc.function + " (" +
                llvm::sys::path::filename(hc.file).str() +
                (contradictory ? ") is contradictory for this build configuration (no input reaches a launch of it)"
                               : ") admits only empty tensors for this build configuration") +
                ", so the kernel is checked without it";
    return none;
  }
  r.bound = true;
  for (const Sym &f : r.facts)
    r.factVars.push_back(varIds(f));
  if (getenv("ALINT_HOST_DEBUG"))
    for (const Sym &f : r.facts)
      fprintf(stderr, "host fact: %s\n", toString(f).c_str());
  r.note = "tiling values from the host: " + hc.function + " (" + llvm::sys::path::filename(hc.file).str() + "), " +
           std::to_string(bound) + " bound";
  if (emptyOnly)
    r.note += "; the host launches this build configuration only where every tensor is empty: checked for those";
  if (extents)
    r.note += ", " + std::to_string(extents) + " GM extents";
  if (!hc.unconstrained.empty()) {
    r.note += "; unconstrained:";
    for (auto &u : hc.unconstrained)
      r.note += " " + u;
  }
  if (!hc.partial.empty()) {
    r.note += "; partly known (a value the reader does not model inside):";
    for (auto &u : hc.partial)
      r.note += " " + u;
  }
  if (!tooLarge.empty()) {
    std::sort(tooLarge.begin(), tooLarge.end());
    tooLarge.erase(std::unique(tooLarge.begin(), tooLarge.end()), tooLarge.end());
    r.note += "; too large to use (left free):";
    for (auto &u : tooLarge)
      r.note += " " + u;
  }
  return r;
}

// The distinct nodes of the terms, counted up to limit + 1.
static size_t dagNodes(const std::vector<Sym> &terms, size_t limit) {
  std::unordered_set<const SymNode *> seen;
  std::vector<const SymNode *> todo;
  for (const Sym &t : terms)
    todo.push_back(t.get());
  while (!todo.empty() && seen.size() <= limit) {
    const SymNode *n = todo.back();
    todo.pop_back();
    if (!n || !seen.insert(n).second)
      continue;
    for (const Sym &a : n->args)
      todo.push_back(a.get());
  }
  return seen.size();
}

static bool dagNodesPast(const std::vector<Sym> &terms, size_t limit) { return dagNodes(terms, limit) > limit; }

// Whether `property` follows from `context`, asked with a short Z3 budget:
// the host contract's own questions (kBriefMs below; it was 500 ms, then
// 40 ms, each cut where the questions left undecided cost CPU seconds and no
// proof needed the units). Only "proved" matters, so a failure is not
// examined further (Obligation::proofOnly). Each question
// once per process (the reachability question of addHostFacts repeats for
// every obligation of a variant with the same context; ops-math lerp: 88
// host questions, 9.8 million units, as much CPU time as its obligations),
// and none past the file's CPU-time limit (an uninterruptible overrun lost
// ops-math's pad_v3_grad_replication).
static bool provedBriefly(const std::vector<Sym> &context, const Sym &property, const Budget *limits) {
  // Only a proof counts here, and the proofs are cheap: on every 8th ops-math
  // kernel (ascend910b) the 102 questions proved took 18-624 units each,
  // while the 189 left unknown took 67,000 each at 40 ms, 17 of the run's
  // CPU seconds (ops-math circular_pad_grad: 150 reachability questions of
  // sync-race, 14 s of its 50). 10 ms (5,000 units) keeps eight times the
  // dearest proof.
  constexpr unsigned kBriefMs = 10;
  Obligation ob;
  ob.check = "host-contract";
  ob.property = property;
  ob.context = context;
  ob.proofOnly = true;
  // (A key of up to 4 MiB: a contract of thousands of nodes asks the same
  // launch question for each of a file's tiling keys, ops-math pad_v3's 57.)
  static std::unordered_map<std::string, bool> answers;
  std::string key = canonicalObligationKey(ob, size_t(4) << 20);
  if (!key.empty())
    if (auto it = answers.find(key); it != answers.end())
      return it->second;
  Budget clock; // the deadline only: these questions do not draw on the file's units
  if (limits)
    clock.deadline = limits->deadline;
  Solver s(kBriefMs);
  s.setBudget(&clock);
  Verdict v = s.check(ob);
  if (!key.empty() && !clock.fired() && s.stats().backstops == 0)
    answers.emplace(std::move(key), v.status == Status::Proved);
  return v.status == Status::Proved;
}

// The accepted-input fact with each conjunct that names a value the reader
// did not model simplified under the other conjuncts: `n != 0 && !(0 ==
// (n != 0 ? bytes / n : <unset>))` (a helper's out-parameter, unset on the
// path that failed) is `n != 0 && !(0 == bytes / n)`. Equivalent: each step
// rewrites one conjunct where all the others hold.
static Sym acceptedUnderItself(const Sym &accepted) {
  std::vector<Sym> parts, todo{accepted};
  while (!todo.empty()) {
    Sym f = todo.back();
    todo.pop_back();
    if (f->op == SymOp::LAnd) {
      todo.push_back(f->args[1]);
      todo.push_back(f->args[0]);
    } else if (f->op == SymOp::LNot && f->args[0]->op == SymOp::LOr) {
      todo.push_back(mkNot(f->args[0]->args[1]));
      todo.push_back(mkNot(f->args[0]->args[0]));
    } else {
      parts.push_back(f);
    }
  }
  auto namesUnmodelled = [](const Sym &f) {
    std::vector<std::shared_ptr<const VarInfo>> vs;
    collectVars(f, vs);
    return std::any_of(vs.begin(), vs.end(),
                       [](const auto &v) { return v->reason.rfind(kHostUnmodelledReason, 0) == 0; });
  };
  bool changed = false;
  for (size_t i = 0; i < parts.size() && parts.size() <= 256; ++i) {
    if (!namesUnmodelled(parts[i]))
      continue;
    std::vector<Sym> others;
    for (size_t j = 0; j < parts.size(); ++j)
      if (j != i)
        others.push_back(parts[j]);
    Sym g = simplifyUnder(parts[i], others);
    changed |= g != parts[i];
    parts[i] = g;
  }
  return changed ? mkAndAll(parts) : accepted;
}

void addHostFacts(Obligation &ob, const HostBindResult &hb) {
  const std::vector<Sym> &facts = hb.facts;
  if (!hb.bound || !ob.property)
    return;
  HostBindResult::TermCache &cache = *hb.cache;
  auto replace = [&](const Sym &s) {
    if (!s)
      return s;
    if (!cache.substituted.count(s.get()))
      cache.seen.push_back(s); // its nodes stay alive while the memo names them
    return substitute(
        s,
        [&](const VarInfo &v) -> Sym {
          auto it = hb.values.find(v.id);
          return it == hb.values.end() ? nullptr : it->second;
        },
        cache.substituted);
  };
  auto idsOf = [&](const Sym &s) -> const std::vector<uint32_t> & {
    auto [it, fresh] = cache.ids.try_emplace(s.get());
    if (fresh) {
      cache.seen.push_back(s);
      it->second = varIds(s);
    }
    return it->second;
  };
  ob.property = replace(ob.property);
  for (Sym &c : ob.context)
    c = replace(c);
  for (auto &rp : ob.report)
    rp.second = replace(rp.second);
  // Variables connected to the property through the context or the facts:
  // a worklist over variables, each context term and fact taken once (a
  // fixpoint sweep over all of them per round cost a fifth of the CPU time
  // of ops-math arg_max_v2, whose sync-race items carry long contexts).
  std::unordered_set<uint32_t> vars;
  std::vector<uint32_t> queue;
  auto reach = [&](uint32_t id) {
    if (vars.insert(id).second)
      queue.push_back(id);
  };
  for (uint32_t id : idsOf(ob.property))
    reach(id);
  std::vector<const std::vector<uint32_t> *> ctxVars;
  std::unordered_map<uint32_t, std::vector<uint32_t>> ctxOfVar;
  for (const Sym &s : ob.context) {
    ctxVars.push_back(&idsOf(s));
    for (uint32_t id : *ctxVars.back())
      ctxOfVar[id].push_back(uint32_t(ctxVars.size() - 1));
  }
  // A property over no variables (a copy longer than its buffer whatever the
  // input) fails wherever the operation is reached: then what decides is
  // whether the context can hold, so the facts on its variables are asked
  // about (below; a template mode the host launches only for empty tensors:
  // the loop around the copy never runs). Not for performance lints (warnings at most): the
  // whole contract made sim_thread_exponential's 570 always-conflicting
  // reads questions Z3 could not answer.
  const bool constantFailure = vars.empty() && isFalse(ob.property) && ob.check.rfind("perf-", 0) != 0;
  if (constantFailure)
    for (const auto *ids : ctxVars)
      for (uint32_t id : *ids)
        reach(id);
  const std::vector<std::vector<uint32_t>> &factVars = hb.factVars; // one list per fact (bindHostContract)
  if (!cache.factsIndexed) {
    for (size_t i = 0; i < factVars.size(); ++i)
      for (uint32_t id : factVars[i])
        cache.factsOfVar[id].push_back(uint32_t(i));
    cache.factsIndexed = true;
  }
  std::vector<bool> ctxUsed(ctxVars.size(), false), used(facts.size(), false);
  while (!queue.empty()) {
    const uint32_t id = queue.back();
    queue.pop_back();
    if (auto c = ctxOfVar.find(id); c != ctxOfVar.end())
      for (uint32_t i : c->second)
        if (!ctxUsed[i]) {
          ctxUsed[i] = true;
          for (uint32_t v : *ctxVars[i])
            reach(v);
        }
    if (auto f = cache.factsOfVar.find(id); f != cache.factsOfVar.end())
      for (uint32_t i : f->second)
        if (!used[i]) {
          used[i] = true;
          for (uint32_t v : factVars[i])
            reach(v);
        }
  }
  std::vector<Sym> added;
  for (size_t i = 0; i < facts.size(); ++i)
    if (used[i])
      added.push_back(facts[i]);
  // For a variable-free failing property the facts only matter if they make
  // the context impossible: asked once, briefly (Z3 units, deterministic).
  // Otherwise they are left out, as for any fact not connected to the
  // property: the whole contract made the question too hard for the solver
  // (ops-math feeds_repeat: a Cast of 32 elements into a 32-byte buffer, a
  // real bug, became unknown).
  // A context too large to translate within the question's budget is not
  // asked (the facts are then left out, as for a question not proved): on
  // ops-math pad_v3's arch35 contract (8,477 nodes) each question took
  // 550 ms, 24 s a build configuration, and none of the questions over 3,000
  // nodes on ops-math's arg_max_v2, feeds_repeat and sim_thread_exponential
  // was proved.
  constexpr size_t kMaxBriefNodes = 3000;
  if (constantFailure && !added.empty()) {
    std::vector<Sym> reach = ob.context;
    reach.insert(reach.end(), added.begin(), added.end());
    if (dagNodesPast(reach, kMaxBriefNodes) || !provedBriefly(reach, mkBool(false), hb.limits))
      return;
  }
  ob.context.insert(ob.context.end(), added.begin(), added.end());
}

} // namespace alint
