// The KernelModel: a small program IR of one kernel entry, independent of
// Clang. The frontend builds it; every rule and the simulator read it; tests
// can build one by hand.
#pragma once

#include "checker/ir/AscendEnums.h"
#include "checker/ir/SymExpr.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace alint {

struct SourceLoc {
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
  bool valid() const { return line != 0; }
};

// A local-memory allocation made by TPipe::InitBuffer (queue or TBuf), or a
// tensor placed at an address of its own (Raw: LocalMemAllocator::Alloc,
// LocalTensor(pos, addr, tileSize)).
struct Buffer {
  // Memory: a whole local memory addressed directly by the CCE intrinsics
  // (`(__ubuf__ half *)addr`); region offsets are addresses, bounds are the
  // memory's usable size on the target, and it takes no capacity of its own.
  enum class Kind { Queue, TBuf, BufPool, Raw, Memory };
  int id = -1;
  std::string name; // the source expression of the queue: "inQueueX"
  Kind kind = Kind::Queue;
  TPos srcPos = TPos::VECCALC; // TQueBind<src, dst, depth>; TBuf: src == dst
  TPos dstPos = TPos::VECCALC;
  TPos memPos = TPos::VECCALC; // the local position that decides the memory
  // TQue<VECCALC> (and other positions GetBufferLogicPos does not map) is
  // TQueBind<MAX, MAX>: its EnQue sets and its DeQue waits for no event
  // (asc-devkit impl/basic_api/kernel_event.h GetBufferLogicPos, GetQueEvt).
  bool eventless = false;
  Sym num;                // number of buffers (queue depth given to InitBuffer)
  Sym lenBytes;           // bytes per buffer as given to InitBuffer
  Sym cond;               // path condition under which InitBuffer ran
  std::vector<int> loops; // enclosing loops of the InitBuffer call
  int epoch = 0;          // TPipe::Destroy/Reset free everything before: a new epoch
  int pool = -1;          // carved from this TBufPool buffer (its memory is counted there)
  Sym baseBytes;          // Raw: byte address in its memory (not laid out by TPipe)
  // Raw: a C++ object the compiler places (`__ubuf__ T x[N]`): only its own
  // name reaches its bytes, so what writes it is known.
  bool compilerObject = false;
  SourceLoc loc;
};

// A GM tensor set up by GlobalTensor::SetGlobalBuffer.
struct GlobalBuf {
  int id = -1;
  std::string name;    // "xGm"
  std::string root;    // the kernel argument it points into: "x"
  Sym baseOffsetBytes; // offset of the tensor start from the argument
  Sym sizeElems;       // bufferSize argument; null when not given
  uint32_t elemBytes = 0;
  // Where sizeElems came from: the kernel's SetGlobalBuffer(ptr, size), or,
  // without one, the host (cli/HostBinding.cpp): the operator's tensor shape
  // or a direct launch's aclrtMalloc size.
  enum class Extent { None, SetGlobalBuffer, HostShape, HostMalloc, HostWorkspace };
  Extent extentFrom = Extent::None;
  // Host extents: the argument's bytes left from the tensor start
  // (sizeElems is this divided by elemBytes, rounded down).
  Sym hostBytes;
  SourceLoc loc;
};

inline const char *extentSource(GlobalBuf::Extent e) {
  switch (e) {
  case GlobalBuf::Extent::SetGlobalBuffer:
    return "SetGlobalBuffer size";
  case GlobalBuf::Extent::HostShape:
    return "host tensor shape";
  case GlobalBuf::Extent::HostMalloc:
    return "host aclrtMalloc size";
  case GlobalBuf::Extent::HostWorkspace:
    return "host workspace size";
  default:
    return "";
  }
}

// The footprint of one operand of a vector instruction's repeat form
// (Add(dst, src0, src1, mask, repeatTimes, BinaryRepeatParams), vadd(...)):
// `repeat` repeats of `blocks` 32-byte blocks, the last block of each repeat
// `lastBytes` long, blocks blkStride blocks apart and repeats repStride
// blocks apart (asc-devkit docs/zh/api, the vector instructions' general
// description 通用说明和约束: block = 32 B, repeat = 8 blocks, strides in
// blocks). Region::lengthBytes is then the hull of this footprint.
struct RepeatShape {
  Sym repeat, blkStride, repStride; // mathematical integers
  int64_t blocks = 8, lastBytes = 32;
  // false: the mask is not known; blocks/lastBytes assume every element of a
  // repeat enabled, so the footprint is a hull, not exact.
  bool maskKnown = true;
};

// One memory footprint of an operation.
struct Region {
  bool global = false; // GM tensor vs local buffer
  int bufferId = -1;   // Buffer id (local) or GlobalBuf id (global); -1 unknown, -2 a GlobalTensor never set up
  TPos pos = TPos::GM; // TPosition of the tensor
  Sym offsetBytes;     // local: from the buffer slot start; global: from GlobalBuf start
  Sym lengthBytes;     // null: extent unknown (see Op::unknownReason)
  Sym slot;            // local queue slot index (0 .. num-1); null for TBuf
  uint32_t elemBytes = 0;
  bool write = false;
  std::string role;                  // "dst", "src0", ...
  std::optional<RepeatShape> repeat; // set: a vector repeat form's strided footprint
  // In the sync graph's copies only (SeqOp::regions): the GM tensor's start
  // (GlobalBuf::baseOffsetBytes) with this copy's loop variables substituted,
  // for a GlobalTensor set up inside the loop (`g.SetGlobalBuffer(y + i * n)`).
  Sym gmBaseBytes;
  // In the sync graph's copies only, for GM: offsetBytes with each narrow
  // computation param-range checks (WrapSite) replaced by its exact value,
  // equal to offsetBytes wherever those checks hold. Null: no such site.
  Sym exactOffsetBytes;
};

enum class OpKind {
  DataCopy,    // DataCopy / DataCopyPad / NDDMA: a movement between memories
  Vector,      // a vector instruction on UB
  Cube,        // Mmad
  LoadData,    // L1 -> L0A/L0B (or GM -> L0A/L0B)
  Fixpipe,     // L0C -> GM / L1 / UB
  ScalarRead,  // GetValue
  ScalarWrite, // SetValue
  SetFlag,
  WaitFlag,
  Barrier,
  EnQue,
  DeQue,
  AllocTensor,
  FreeTensor,
  CrossCoreSet,
  CrossCoreWait,
  SyncAll,
  Unmodelled, // a call the frontend does not model; unknownReason says which
};

// Whether a call's name says it synchronises (`asc_sync_all`, `...Barrier`,
// `...Wait`, `...Fence`, case-insensitive; with `flag` too for AscendC API
// names): one the model does not follow may order what comes before it with
// what comes after (rules/SyncRaceCheck.cpp, checker/frontend/Interpreter.cpp).
inline bool namesSynchronisation(const std::string &name, bool withFlag = false) {
  std::string lower(name);
  for (char &c : lower)
    c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  for (const char *w : {"sync", "barrier", "wait", "fence"})
    if (lower.find(w) != std::string::npos)
      return true;
  return withFlag && lower.find("flag") != std::string::npos;
}

// Operations that read or write memory through their regions (movements,
// vector and cube instructions, scalar accesses), as opposed to sync and queue
// bookkeeping.
inline bool accessesMemory(OpKind k) {
  switch (k) {
  case OpKind::DataCopy:
  case OpKind::Vector:
  case OpKind::Cube:
  case OpKind::LoadData:
  case OpKind::Fixpipe:
  case OpKind::ScalarRead:
  case OpKind::ScalarWrite:
    return true;
  default:
    return false;
  }
}

struct Op {
  int id = -1;
  OpKind kind = OpKind::Unmodelled;
  std::string api; // "DataCopy", "Add", "SetFlag<MTE2_V>"
  Pipe pipe = Pipe::None;
  std::vector<Region> regions;
  TPos srcPos = TPos::MAX, dstPos = TPos::MAX; // for movements
  std::map<std::string, Sym> params;           // count, blockCount, blockLen, ...
  std::optional<HardEvent> event;
  Pipe flagSrc = Pipe::None, flagDst = Pipe::None; // raw set_flag pipes
  Sym eventId;
  int bufferId = -1; // queue ops: the queue's buffer
  Sym cond;          // path condition
  std::vector<int> loops;
  std::optional<CoreType> core; // set inside ASCEND_IS_AIC / ASCEND_IS_AIV
  std::string unknownReason;    // why (part of) this op is not modelled
  SourceLoc loc;
  // Ascend 950 register API: the vector-function instance (one __VEC_SCOPE__
  // execution) the op belongs to; -1 outside one or not known.
  int vf = -1;
};

struct Loop {
  int id = -1;
  int parent = -1;
  Sym var; // induction variable (Internal role)
  Sym lo;  // first value
  Sym hi;  // exclusive bound (null: unknown trip count)
  Sym step;
  Sym cond; // path condition at the loop
  // A break, continue, return or goto in the body (at any depth): some
  // iterations may not run whole, so what the body does is not done for
  // every counter value in [lo, hi).
  bool exitsEarly = false;
  SourceLoc loc;
};

struct Assumption {
  Sym expr;
  Sym cond;
  std::vector<int> loops;
  SourceLoc loc;
  std::string text;
};

// Something the frontend met and could not model, with where and why.
struct UnknownNote {
  std::string reason;
  SourceLoc loc;
};

// A value stored into a narrow integer field of an AscendC parameter struct
// (DataCopyParams::blockCount, ...) or passed to a narrow parameter of an API
// call (a vector instruction's uint8_t repeatTimes), from kernel code: the
// value before the conversion, so param-range can prove it fits.
struct ParamStore {
  SourceLoc loc;
  std::string record;    // "DataCopyParams", or the API function's name
  std::string field;     // field or parameter name
  Sym value;             // the un-truncated value, a mathematical integer
  IntType type;          // the field's C++ type
  bool narrowed = false; // converted from a wider or differently signed type
  // Set when the value had already wrapped in a narrow kernel variable before
  // it reached the field (`uint8_t rep = n / mask; Duplicate(.., rep, ..)`):
  // the narrowest type it passed through, whose range it must fit too.
  std::optional<IntType> heldIn;
  Sym cond;
  std::vector<int> loops;
};

// Where kernel code computes an integer in, or converts it to, a type of at
// most 32 bits (`uint32_t ind = progress * tileLength;`): the node that may
// wrap there, for param-range's GM-offset questions (an offset that wraps
// addresses the wrong part of a tensor above 2^32 elements).
struct WrapSite {
  Sym node;        // an Add/Sub/Mul/Shl of a narrow type, or a narrowing Cast
  SourceLoc loc;   // the expression or conversion
  std::string how; // "computed in uint32_t", "held in int32_t"
};

// The exact (mathematical) value a wrap site computes, which param-range
// requires to stay in the site's type wherever a GM access uses it; null
// where that is not checked (a shift by a computed amount).
inline Sym exactValueOf(const WrapSite &w) {
  const Sym &n = w.node;
  if (n->op == SymOp::Cast)
    return toMath(n->args[0]);
  if (n->op == SymOp::Shl) {
    auto sh = asConst(n->args[1]);
    if (sh && *sh >= 0 && *sh <= 62)
      return mulC(toMath(n->args[0]), int64_t(1) << *sh);
    return nullptr;
  }
  return mkBin(n->op, toMath(n->args[0]), toMath(n->args[1]), IntType::math());
}

// A Matmul high-level API object initialised with a TCubeTiling (Init /
// REGIST_MATMUL_OBJ, checker/frontend/api/MatmulApi.cpp): what the library
// was given, for matmul-tiling, capacity-overflow and sync-crosscore. Its
// buffers are Buffers and its GM accesses and hand-overs are Ops.
struct MatmulObj {
  std::string name;                  // the object's source expression: "mm"
  std::map<std::string, Sym> tiling; // TCubeTiling field -> value ("baseM"); empty: not followed
  // Element sizes in bits of A, B, C and bias from MatmulType (0: not sized,
  // e.g. int4b_t), transposes and positions of A and B.
  uint32_t aBits = 0, bBits = 0, cBits = 0, biasBits = 0;
  bool aTrans = false, bTrans = false;
  TPos aPos = TPos::GM, bPos = TPos::GM;
  bool mixed = false;          // a client whose cube work runs on the AIC (no ASCENDC_CUBE_ONLY)
  std::string config = "norm"; // MatmulConfig: "norm", "mdl", "basic", "ibshare", "special-mdl"
  // The file's host code fills the launch tiling with a checked GetTiling at
  // this line (0: not), naming these element sizes (0: not known), and may
  // set these fields by hand afterwards.
  int64_t hostGetTilingLine = 0;
  uint32_t hostABits = 0, hostBBits = 0, hostBiasBits = 0;
  std::set<std::string> hostAdjusted;
  // The Matmul template the host's tiling API was told (SetMatmulConfigParams'
  // mmConfigType: 0 Norm, 1 MDL, the default; -1 not known): GetTiling tiles
  // for that template only.
  int hostConfigType = -1;
  std::string unknownReason; // why its buffers or rules are not derived; empty: they are
  Sym cond;                  // path condition of the Init
  std::vector<int> loops;
  SourceLoc loc;
};

struct KernelModel {
  std::string name;
  SourceLoc loc;
  std::vector<Buffer> buffers;
  std::vector<GlobalBuf> globals;
  std::vector<Op> ops;
  std::vector<Loop> loops;
  std::vector<Assumption> assumptions;
  std::vector<Sym> facts; // always true: 0 <= blockIdx < blockNum, ...
  std::vector<UnknownNote> unknowns;
  // Uses of a LocalTensor that is default-constructed on some path (a merged
  // choice's `unsetWhen`): uninit-read proves `cond` cannot hold.
  struct UnsetTensorUse {
    Sym cond;
    std::vector<int> loops;
    SourceLoc loc;
    std::string name;
    // Passed as an API's temporary buffer (a `sharedTmpBuffer` parameter):
    // an empty one is what a caller passes when the API needs no space.
    bool tmpBuffer = false;
  };
  std::vector<UnsetTensorUse> unsetTensorUses;
  std::vector<ParamStore> paramStores;
  std::vector<WrapSite> wrapSites;
  size_t wrapSitesDropped = 0; // narrow results past the frontend's limit of wrapSites: not checked
  std::vector<MatmulObj> matmuls;
  // Set when code the kernel runs did not compile (e.g. a type from a missing
  // generated header): nothing about the kernel can be proved then.
  // Set by the frontend for a variant it did not interpret because the host
  // never launches it (FrontendOptions::neverLaunched): the reason.
  std::string hostNeverLaunched;
  // The constants g_tilingKey is compared with anywhere in the entry's body,
  // executed or not (the keys `TILING_KEY_IS(k);` registers).
  std::vector<int64_t> keyConstants;
  std::string incomplete;
  // Expressions Clang recovered from (a missing header, an API the bundled
  // declarations lack): each is one Unmodelled op, the rest is verified.
  std::vector<UnknownNote> compileErrors;
  // The build configuration this model is for (`DTYPE_X=half, TILING_KEY=2`); empty: the only one.
  std::string variant;
  std::optional<CoreType> kernelCore; // from KERNEL_TASK_TYPE_DEFAULT
  std::optional<int> kernelType;      // KERNEL_TASK_TYPE_DEFAULT value (KernelMetaType)
  // The variables that mean different things on the cube and the vector
  // cores of a mixed kernel (set when the kernel reads them): GetBlockIdx()
  // (logical: AIC block b, AIV b * ration + subblock), GetSubBlockIdx(),
  // GetTaskRation()/GetSubBlockNum() and ASCEND_IS_AIC as a value
  // (asc-devkit impl/basic_api/dav_c220/kernel_operator_sys_var_impl.h,
  // GetBlockIdxImpl / GetTaskRationImpl).
  Sym blockIdxVar, subBlockIdxVar, taskRationVar, aicVar;
  // get_block_idx() (the hardware index: b on both core types) was read; it
  // shares blockIdxVar, so the per-core mapping is not known then.
  bool rawBlockIdx = false;
  // The UB share the kernel's launch leaves to the SIMT Data Cache (950
  // SIMD/SIMT mixed kernels); set from --simt-dcache / SimtDCache, since the
  // launch (dyn_ub_size of <<<...>>>) is host code the linter does not see.
  std::optional<uint64_t> simtDCacheBytes;
};

struct TranslationUnitModel {
  std::string file;
  std::vector<KernelModel> kernels;
};

} // namespace alint
