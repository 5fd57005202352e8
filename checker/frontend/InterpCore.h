// The symbolic interpreter's state and class (internal to the frontend):
// Interpreter.cpp executes statements and expressions, api/ (one file per
// API family, dispatched through api/ApiTable) turns
// calls into the bundled AscendC API into KernelModel operations.
#pragma once

#include "checker/frontend/Frontend.h"
#include "checker/ir/KernelModel.h"

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <llvm/ADT/StringMap.h>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace clang {
class ASTContext;
class SourceManager;
class IfStmt;
class ForStmt;
class SwitchStmt;
class CXXForRangeStmt;
class LambdaExpr;
class CXXRecordDecl;
class CXXConstructorDecl;
class CXXConstructExpr;
class InitListExpr;
class CastExpr;
class UnaryOperator;
class BinaryOperator;
class DeclRefExpr;
} // namespace clang

namespace alint {
namespace fe {

// Which AscendC class an object is (decided by name, for classes declared in
// the bundled API headers).
enum class ApiClass {
  None,
  Pipe,
  Queue,
  TBuf,
  BufPool,
  LocalTensor,
  GlobalTensor,
  QueSync,
  Matmul,
  MemAllocator,
  Other
};
ApiClass classifyApiClass(const clang::CXXRecordDecl *rd);
void setRealApiDir(const std::string &dir); // classes declared there are not API classes (--api-dir)

IntType intTypeOf(clang::ASTContext &ctx, clang::QualType t);

struct ObjState;
struct Frame;
struct ApiCall;  // api/ApiTable.h
struct ApiEntry; // api/ApiTable.h

// A location that can be written.
struct LRef {
  enum Kind { None, Local, Field, Global, Elem } kind = None;
  int64_t index = 0; // Elem: element of the array object `obj`
  Frame *frame = nullptr;
  uint64_t frameSerial = 0; // frames die; a stale reference is ignored
  const clang::ValueDecl *decl = nullptr;
  std::shared_ptr<ObjState> obj;
  const clang::FieldDecl *field = nullptr;
  bool operator==(const LRef &o) const {
    return kind == o.kind && frame == o.frame && decl == o.decl && obj == o.obj && field == o.field && index == o.index;
  }
};

// Value::reasonIfEmpty of a LocalTensor made by its default constructor.
inline constexpr const char *kUnassignedTensor = "tensor is used before it is assigned";

// The element slot of an array that holds the element written at a computed
// index (ObjState::symIndex).
inline constexpr int64_t kSymElem = INT64_MIN + 1;

struct TensorVal {
  bool global = false;
  int bufferId = -1; // Buffer id or GlobalBuf id; -1 not set up
  Sym offsetBytes;   // from the slot start (local) or the GM tensor start
  Sym sizeBytes;     // extent available from offset (local); null unknown
  Sym slot;          // queue slot index (local queues)
  uint32_t elemBytes = 0;
  TPos pos = TPos::VECCALC;
  std::string name; // source name for messages
};

struct GmPtrVal {
  std::string root; // kernel argument name; "@local" for a local-memory address
  Sym offsetBytes;  // local: the address itself (`(__ubuf__ half *)addr`)
  uint32_t elemBytes = 1;
  bool local = false; // a local-memory address (an integer cast to a pointer, a local tensor's GetPhyAddr())
  // The memory the pointer's type names (`(__ubuf__ T *)`, spelled in the
  // source: the qualifiers are empty macros); Unknown when not spelled.
  Mem mem = Mem::Unknown;
  // A pointer into a tensor (GetPhyAddr(), a `__ubuf__ T x[N]` array):
  // offsetBytes counts from the view's start; root is "@view". The one
  // pointer-into-a-buffer model every API family reads.
  std::shared_ptr<const TensorVal> view;
  bool localView() const { return view && !view->global; }
};

// The vector mask of the raw intrinsics (set_vector_mask / set_mask_norm /
// set_mask_count), and the path condition it was set under: it is used only
// under that same condition (a mask set inside one branch is not known after it).
struct CceMaskState {
  bool known = false;
  bool counter = false;
  bool counterSeen = false; // counter mode was set somewhere before (set_mask_count, SetMaskCount)
  uint64_t hi = 0, lo = 0;
  Sym cond;
};

// The DMA loop mode of one direction (SetLoopModePara / ResetLoopModePara,
// Ascend 950: api/DataCopyApi.cpp), known under the path condition it was set
// under; `offEverywhere`: it was off on every path before that Set.
struct LoopModeState {
  bool on = false;
  bool known = true;
  bool offEverywhere = true;
  Sym loop1Size, loop2Size, loop1SrcStride, loop1DstStride, loop2SrcStride, loop2DstStride;
  Sym cond; // null: every path
};

// A tensor that is one of several buffers, chosen by conditions the frontend
// tracks (`ping ? bufPing.Get<T>() : bufPong.Get<T>()`, a tensor assigned in
// both branches of an if). The conditions are disjoint and cover the path. An
// API call of a memory family on such a tensor runs once per alternative under
// its condition, as if the source had the if/else (api/ApiTable.cpp); every
// other use sees an unknown value.
using TensorAlts = std::vector<std::pair<Sym, TensorVal>>;

struct Value {
  enum Kind { Undef, Scalar, Obj, ObjPtr, Tensor, GmPtr, Unknown, Choice } kind = Undef;
  Sym sym;
  std::shared_ptr<ObjState> obj;
  TensorVal t;
  GmPtrVal p;
  std::shared_ptr<const TensorAlts> alts; // Choice
  // Choice: where it is still a default-constructed LocalTensor (`LocalTensor<T>
  // t; if (c) t = q.DeQue<T>();`): its alternatives do not cover that path, and
  // each use asks that the path does not reach it (KernelModel::unsetTensorUses).
  Sym unsetWhen;
  std::string reason; // Unknown: why
  // Unknown: a pointer that is one of these, each under its condition (`p =
  // c ? a : b`, ping-pong pointers a loop swaps). Unknown to everything that
  // does not read it (sound); pointer arithmetic and the SIMT accesses
  // follow each alternative (Interp::pointerAlternatives).
  std::shared_ptr<const std::vector<std::pair<Sym, GmPtrVal>>> ptrAlts;
  std::string reasonIfEmpty; // Tensor never assigned
  LRef addrOf;               // Unknown produced by &lvalue: deref gives it back
};

struct ObjState {
  const clang::CXXRecordDecl *rec = nullptr;
  std::string origin;             // name prefix for fields read before written
  bool originFromPointer = false; // named after the GM pointer it was read through
  std::string name;               // source name of the member/variable (queues)
  std::map<const clang::FieldDecl *, Value> fields;
  // arrays (fixed size, constant indices): elements written so far
  bool isArray = false;
  bool zeroFilled = false; // `T a[n] = {...}`: elements not listed are 0
  clang::QualType elemType;
  int64_t arraySize = 0;
  std::map<int64_t, Value> elems;
  // `a[i] = v` at a computed index: the slot kSymElem holds element
  // `symIndex` (other elements are unknown). After a loop `for (i = lo; i <
  // hi; ++i) a[i] = f(i);` that ran each iteration (Interp::summariseLoopArrays):
  // element j is f(j) where lo <= j < hi and `guard` held.
  Sym symIndex;
  struct LoopSummary {
    uint32_t ivId = 0;
    Sym lo, hi, value, guard;
    // `a[i + offset] = f(i)` (offset loop-invariant, math value): element j
    // is f(j - offset) where lo <= j - offset < hi. Null: offset 0.
    Sym offset;
    uint32_t freshFrom = 0; // variables made in the loop: per iteration
    std::string where;
    // Elements read so far (index, value): the same element reads the same
    // value until the array is written again (which drops the summary).
    mutable std::vector<std::pair<Sym, Sym>> read;
  };
  std::shared_ptr<const LoopSummary> summary;
  ApiClass api = ApiClass::None;
  // queues / TBuf
  int bufferId = -1;
  TPos srcPos = TPos::VECCALC, dstPos = TPos::VECCALC, memPos = TPos::VECCALC;
  bool eventless = false; // Buffer::eventless
  int64_t depth = 0;
  std::vector<TensorVal> fifo; // tensors enqueued and not yet dequeued
  int slotCounter = 0;
  // lambda closures: captures by reference alias the captured variable,
  // captures by copy hold the value taken when the lambda was created
  const clang::LambdaExpr *lambda = nullptr;
  std::map<const clang::ValueDecl *, LRef> capRefs;
  std::map<const clang::ValueDecl *, Value> capVals;
  std::shared_ptr<ObjState> capThis;
  // The frame that made the object (Interp::own): an early return of a
  // frame outside it does not guard writes to it (Interp::writeGuard), since
  // on those paths its maker never ran. A dead owner: guarded by every frame.
  const Frame *ownerFrame = nullptr;
  uint64_t ownerSerial = 0;
};

struct Frame {
  Frame();
  uint64_t serial;
  const clang::FunctionDecl *fn = nullptr;
  std::shared_ptr<ObjState> thisObj;
  std::map<const clang::ValueDecl *, Value> locals;
  std::map<const clang::ValueDecl *, LRef> aliases; // reference parameters
  Sym alive;                                        // no return taken yet
  std::vector<std::pair<Sym, Value>> returns;
  size_t condDepth = 0;    // condStack size at entry
  size_t loopCondBase = 0; // condStack size at the innermost loop body
  int loopDepth = 0;
  bool broke = false; // unconditional break/continue seen in this iteration
  // No conditional `continue` taken yet in the current iteration of the
  // innermost loop of this frame: what follows runs only then.
  Sym iterAlive = mkBool(true);
};

struct JournalEntry {
  LRef ref;
  std::optional<Value> old;
};

class Interp {
public:
  Interp(clang::ASTContext &ctx, const std::string &apiDir, const FrontendOptions &opts);
  KernelModel run(const clang::FunctionDecl *entry);

  // -- shared by Interpreter.cpp and the API families in api/
  clang::ASTContext &ctx;
  const clang::SourceManager &sm;
  std::string apiDir;
  const FrontendOptions &opts;
  KernelModel model;

  SourceLoc loc(clang::SourceLocation l) const;
  bool isApiDecl(const clang::Decl *d) const;
  std::string exprText(const clang::Expr *e) const;
  void note(const std::string &reason, clang::SourceLocation l);
  Value eval(const clang::Expr *e);
  LRef evalLValue(const clang::Expr *e);
  Value read(const LRef &r, clang::QualType t);
  void write(const LRef &r, Value v);
  // A write at a join of control flow (merged branches, loop summaries):
  // the value already stands for every path, no guard is added.
  void writeJoined(const LRef &r, Value v) { writeUnguarded(r, std::move(v)); }
  void writeUnguarded(const LRef &r, Value v);
  Sym writeGuard(const LRef &r) const;
  void own(ObjState &o) const;
  Value unwrittenElement(const LRef &r);
  void writeSlot(const LRef &r, Value v);
  Value scalar(Sym s);
  Value unknownValue(const std::string &reason, clang::QualType t);
  Sym asSym(const Value &v, clang::QualType t, clang::SourceLocation l);
  uint32_t sizeOfType(clang::QualType t);
  Sym currentCond() const;
  Op &addOp(OpKind k, const std::string &api, const clang::CallExpr *call);
  Sym blockIdx();
  Sym blockNum();
  std::optional<CoreType> core;
  std::vector<int> loopStack;
  int dryRun = 0;
  int pipeEpoch = 0; // bumped by TPipe::Destroy / Reset
  // The __VEC_SCOPE__ body being executed (api/RegApi.cpp): its instance id
  // and source range; register-API calls inside the range belong to it.
  int vfId = -1, vfCount = 0;
  clang::SourceRange vfRange;
  // A VF function body launched by asc_vf_call / VF_CALL is being executed:
  // every operation recorded belongs to vfId (api/RegApi.cpp, api/SimtApi.cpp).
  bool vfCall = false;
  // The SIMT function being executed (api/SimtApi.cpp): its launch id, the
  // thread index and the launch dimensions (x, y, z).
  struct SimtLaunch {
    int id = -1;
    Sym tid[3], dim[3];
  };
  std::optional<SimtLaunch> simt;
  // A memory access through a pointer inside a SIMT function (p[i], *p):
  // recorded as an operation; false when not in one (api/SimtApi.cpp).
  bool simtAccess(const clang::Expr *e, const Value &ptr, Sym byteOffset, bool write);
  bool simtPointerAccess(const clang::Expr *e, bool write);      // e: p[i] or *p
  Value simtBuiltin(const std::string &name, clang::QualType t); // threadIdx, blockDim, ...
  void pushCond(Sym c);
  // A pointer's alternatives with their conditions: one (condition null) for
  // a plain pointer, none for a value that is not one.
  static std::vector<std::pair<Sym, Value>> pointerAlternatives(const Value &p);
  // p + d bytes (op Add) or p - d (op Sub), for each alternative of p.
  static Value movePointer(const Value &p, SymOp op, const Sym &dBytes);
  // The element size of a pointer (its first alternative's).
  static uint32_t pointerElemBytes(const Value &p);
  void popCond();
  // Runs the body of `fd` with its parameters bound to `vals` (by value), as
  // a call at `site` (the VF launches).
  Value callWithValues(const clang::CallExpr *site, const clang::FunctionDecl *fd, const std::vector<Value> &vals,
                       const std::vector<const clang::Expr *> &argExprs);
  // Event ids of the TPipe pool, per HardEvent: those AllocEventID handed out
  // (distinct from each other), and the id FetchEventID returns until the
  // pool changes (it does not reserve: two fetches give the same id).
  std::map<int, std::vector<Sym>> allocatedEventIds;
  std::map<int, Sym> fetchedEventId;
  CceMaskState cceMask;               // api/CceVectorApi.cpp
  CceMaskState cceNdPara;             // ND_PARA (set_nd_para, in `lo`): api/CceCopyApi.cpp
  LoopModeState loopMode[2];          // DataCopyMVType UB_TO_OUT (0), OUT_TO_UB (1): api/DataCopyApi.cpp
  std::vector<unsigned> errorLocs;    // compile errors Clang recovered from
  std::vector<std::string> errorMsgs; // their messages
  std::vector<unsigned> siteLocs;     // instantiations of templates with errors
  std::vector<std::string> siteMsgs;  // "file:line:col: message" of those errors
  std::set<const clang::FunctionDecl *> errorChecked;
  void checkCompileErrors(const clang::FunctionDecl *fd);
  // Errors of statements Clang dropped, by the block they sat in (indices into errorLocs).
  std::map<const clang::CompoundStmt *, std::vector<size_t>> gapErrors;
  const clang::CompoundStmt *gapOf(const clang::Stmt *s, clang::SourceLocation l) const;
  void droppedStatements(const std::vector<size_t> &errs, clang::SourceLocation from, clang::SourceLocation to);
  Value evalErrorExpr(const clang::Expr *e);
  std::string errorMessageIn(clang::SourceRange r) const;
  std::optional<size_t> errorIn(clang::SourceRange r) const; // index into errorLocs

  // api/: one file per API family; api/ApiTable.cpp dispatches to them.
  Value evalApiCall(const clang::CallExpr *call, const clang::FunctionDecl *fd);
  Value wrapApiObject(Value v, const clang::CXXRecordDecl *rd);
  uint32_t tensorElemBytes(const clang::CXXRecordDecl *rd);
  Value apiSystem(ApiCall &c);
  Value apiQueue(ApiCall &c);
  Value apiTensor(ApiCall &c);
  Value apiDataCopy(ApiCall &c);
  Value apiVector(ApiCall &c);
  Value apiSync(ApiCall &c);
  Value apiCube(ApiCall &c);
  Value apiUnmodelled(ApiCall &c, const std::string &why);
  bool hasChoice(const ApiCall &c) const;
  Value callOverChoices(ApiCall &c, const ApiEntry &e);
  void skipped(const clang::Stmt *s, const std::string &why, int depth = 0);
  Value apiAllocator(ApiCall &c);
  // LocalTensor<T>(TPosition, addr, tileSize) and the other constructors of
  // the bundled LocalTensor (api/AllocatorApi.cpp).
  Value apiConstructLocalTensor(const clang::CXXConstructExpr *ce, const std::vector<Value> &args);
  int addRawBuffer(const std::string &name, TPos pos, Sym base, Sym lenBytes, clang::SourceLocation l);
  // `*p`, `p[i]` on a pointer into memory: a scalar read or write of one
  // element (api/CceCopyApi.cpp). `e` is the whole access expression.
  void pointerAccess(const Value &ptr, Sym extraBytes, const clang::Expr *e, bool write);
  Mem spelledMemory(const clang::Expr *castExpr) const;
  bool tensorAddress(const Value &v, clang::QualType t) const;
  Region regionOf(const TensorVal &t, Sym lengthBytes, bool write, const std::string &role);
  std::optional<int64_t> templateIntArg(const clang::FunctionDecl *fd, unsigned i);
  std::optional<int64_t> classTemplateIntArg(const clang::CXXRecordDecl *rd, unsigned i);
  Sym fieldOf(const Value &obj, const char *name, clang::SourceLocation l);
  // Drops threadIdx / blockDim from the globals an lvalue use kept: each SIMT
  // launch has its own (api/SimtApi.cpp).
  void forgetThreadBuiltins();

private:
  mutable llvm::StringMap<bool> apiDeclCache;
  // Set by evalLValue on `*p` / `p[i]` through a pointer into memory: the
  // pointer and the byte offset of the element (null: none).
  std::optional<std::pair<Value, Sym>> pendingPtr;
  std::vector<std::unique_ptr<Frame>> frames;
  std::map<const clang::ValueDecl *, Value> globals;
  std::vector<JournalEntry> journal;
  bool journalActive = false;
  std::vector<Sym> condStack;
  Sym pathCond;
  unsigned long steps = 0;
  unsigned evalDepth = 0; // nesting of eval(): a 20,000-term expression overflowed the stack
  bool budgetExceeded = false;
  Sym blockIdxSym, blockNumSym;
  // Whether a GM argument of the kernel is null (`workspace == nullptr`): an input, one per argument.
  std::map<const clang::Decl *, Sym> nullArguments;

  bool step();
  bool alive() const;
  Value *lookupLocal(const clang::ValueDecl *d);
  Value *slot(const LRef &r);
  bool frameLive(const LRef &r) const;
  LRef localRef(Frame *f, const clang::ValueDecl *d) const;
  Value elementAtSymbolicIndex(const clang::ArraySubscriptExpr *as, const Value &index, clang::QualType t);
  Value unreadInputElement(const ObjState &o, const clang::ArraySubscriptExpr *as, const Sym &i, clang::QualType t);
  std::map<std::tuple<const ObjState *, int, std::string>, Sym> unreadElements; // unreadInputElement's variables
  Value summaryElement(const ObjState &o, const Sym &j, clang::QualType t);
  bool lvalueForAssign = false; // evalLValue for the left side of `=`
  Value makeFieldValue(clang::QualType t, const std::string &name, const clang::FieldDecl *fd);
  std::shared_ptr<ObjState> newObject(const clang::CXXRecordDecl *rd, const std::string &origin);
  Value newArray(clang::QualType arrayType, const std::string &origin, const clang::Expr *init);
  std::shared_ptr<ObjState> cloneObject(const std::shared_ptr<ObjState> &o);
  void readQueueTemplateArgs(ObjState &o);
  // What the model holds so far, and dropping what a dry run added after it.
  struct ModelMark {
    size_t ops, buffers, globals, loops, assumptions, paramStores, unsetTensorUses, wrapSites;
  };
  ModelMark modelMark() const;
  void truncateModel(const ModelMark &m);
  Sym chunkLoopStep(const clang::VarDecl *iv, const clang::Expr *boundE, const clang::Stmt *body);
  size_t mark();
  std::vector<std::pair<LRef, Value>> rollback(size_t m);
  Value mergeValues(const Sym &c, const Value &a, const Value &b, const std::string &what);
  Value mergeDataObjects(const Sym &c, const Value &a, const Value &b, const std::string &what, int depth = 0);
  Value mergeTensorChoice(const Sym &c, const Value &a, const Value &b, const std::string &what);
  // Pointers to different memory on the two sides of a condition: the
  // pointer alternatives of both (Value::ptrAlts). Undef when either side
  // is not a pointer or there would be too many alternatives.
  Value mergePointerChoice(const Sym &c, const Value &a, const Value &b, const std::string &what);
  std::string refName(const LRef &r) const;
  void exec(const clang::Stmt *s);
  Sym relativeCond(const Frame &f);
  Sym relativeLoopCond();
  void declareVar(const clang::VarDecl *vd);
  bool isUbArray(const clang::VarDecl *vd) const;
  Value evalInit(const clang::Expr *init, clang::QualType t, const std::string &name);
  void constructDefault(const std::shared_ptr<ObjState> &o, const clang::CXXRecordDecl *rd);
  void initFields(const std::shared_ptr<ObjState> &o, const clang::CXXRecordDecl *rd,
                  const clang::CXXConstructorDecl *ctor);
  void runConstructor(const std::shared_ptr<ObjState> &o, const clang::CXXConstructorDecl *ctor,
                      const std::vector<Value> &args, const clang::Expr *callSite);
  void execIf(const clang::IfStmt *s);
  std::optional<CoreType> coreOfCondition(const clang::Expr *cond);
  void execSwitch(const clang::SwitchStmt *s);
  void execFor(const clang::ForStmt *s);
  void execRangeFor(const clang::CXXForRangeStmt *s);
  static constexpr int64_t kMaxUnroll = 16; // arrays walked / loops unrolled element by element
  // Loop nesting inside which a moving pointer still gets its step (execLoop).
  static constexpr int kMaxNestedPointerDryRuns = 3;
  void execLoop(const clang::Stmt *init, const clang::Expr *cond, const clang::Expr *inc, const clang::Stmt *body,
                const clang::Stmt *loopStmt, bool isDo);
  void runBody(const clang::Stmt *body, const clang::Expr *inc, bool inductionHandled);
  Value evalDeclRef(const clang::DeclRefExpr *dre);
  Value evalCast(const clang::CastExpr *ce);
  // param-range: the operand of each integral conversion last evaluated, and
  // the record of a store into a narrow API parameter field or argument.
  std::map<const clang::Expr *, Sym> castOperand;
  // A narrow integer computation or conversion in kernel code (WrapSite).
  void noteWrapSite(const Sym &node, clang::SourceLocation l, std::string how);
  bool isParamStruct(const clang::RecordDecl *rd) const;
  void noteParamStore(const clang::Expr *rhs, Sym stored, clang::QualType fieldType, const std::string &record,
                      const std::string &field, clang::SourceLocation l);
  Value retypePointer(Value v, clang::QualType to, const clang::Expr *e);
  Value evalUnary(const clang::UnaryOperator *u);
  Value evalBinary(const clang::BinaryOperator *b);
  Value evalInitList(const clang::InitListExpr *il);
  Value evalConstruct(const clang::CXXConstructExpr *ce);
  Value evalCall(const clang::CallExpr *call);
  Value evalLambda(const clang::LambdaExpr *le);
  Value inlineCall(const clang::CallExpr *call, const clang::FunctionDecl *fd);
  Value inlineInto(const clang::CallExpr *call, const clang::FunctionDecl *fd, std::shared_ptr<ObjState> thisObj,
                   const std::vector<const clang::Expr *> &argExprs, const std::vector<Value> *vals);
  void havocObject(const std::shared_ptr<ObjState> &o, const std::string &why, int depth = 0);
  void havocArgs(const std::vector<const clang::Expr *> &args, const clang::FunctionDecl *fd, const std::string &who);
  // A template instantiation whose body Clang dropped because it does not
  // compile for these arguments: one Unmodelled op naming the error.
  Value failedInstantiation(const clang::CallExpr *call, const clang::FunctionDecl *fd,
                            const clang::FunctionDecl *pattern, const std::vector<const clang::Expr *> &args,
                            const std::shared_ptr<ObjState> &thisObj);
};

} // namespace fe
} // namespace alint
