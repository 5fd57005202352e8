// The AscendC API as the interpreter sees it: one table, filled by one
// register function per API family (one file each under api/), that maps a
// call to the handler turning it into KernelModel operations.
//
// The invariant every family relies on: a call into the API that no entry
// claims becomes an Unmodelled operation (Interp::apiUnmodelled) whose tensor
// arguments get unknown regions — every check that would read them reports
// `unknown`, never "fine". Only calls registered as pure (no memory, no
// ordering) are exempt. Adding a family = one file with a register function,
// listed in ApiTable.cpp's registerAll.
#pragma once

#include "checker/frontend/InterpCore.h"

#include <initializer_list>
#include <string>
#include <unordered_map>
#include <vector>

namespace alint {
namespace fe {

// One call into the API, its arguments evaluated.
struct ApiCall {
  const clang::CallExpr *call = nullptr;
  const clang::FunctionDecl *fd = nullptr;
  std::string name; // function or method name
  std::string cls;  // class name for methods
  std::string ns;   // innermost enclosing namespace of the declaration
  const clang::Expr *objExpr = nullptr;
  std::vector<const clang::Expr *> args;
  std::vector<Value> vals;
  Value obj; // evaluated object for methods
};

using ApiHandler = Value (*)(Interp &, ApiCall &);
using ApiMatcher = bool (*)(const ApiCall &);

struct ApiEntry {
  const char *family = ""; // "queue", "sync", "data-copy", ... (for --stats and messages)
  ApiHandler handler = nullptr;
};

class ApiTable {
public:
  // Every method of an AscendC class goes to one family (TQue → queue).
  void addClass(ApiClass cls, const char *family, ApiHandler h);
  // Every function and method declared in a namespace of the API (AscendC::Reg):
  // tried first, since its names (Add, Cast, DataCopy) are also those of other families.
  void addNamespace(const char *ns, const char *family, ApiHandler h);
  // Free functions (and methods of classes not listed) by name.
  void addNames(std::initializer_list<const char *> names, const char *family, ApiHandler h);
  // Calls that touch no memory and order nothing: their result is an opaque
  // value and they yield no operation. Keep this list short and justified.
  void addPure(std::initializer_list<const char *> names);
  // Tried in registration order after the exact names, before "unmodelled".
  void addFallback(const char *family, ApiMatcher matches, ApiHandler h);

  const ApiEntry *find(const ApiCall &c, ApiClass cls) const;
  bool isPure(const std::string &name) const { return pure.count(name) != 0; }

  static const ApiTable &instance();

private:
  std::unordered_map<int, ApiEntry> byClass;
  std::unordered_map<std::string, ApiEntry> byNamespace;
  std::unordered_map<std::string, ApiEntry> byName;
  std::unordered_map<std::string, ApiEntry> pure;
  std::vector<std::pair<ApiMatcher, ApiEntry>> fallbacks;
};

// One per family file.
void registerSystemApi(ApiTable &t);
void registerQueueApi(ApiTable &t);
void registerTensorApi(ApiTable &t);
void registerDataCopyApi(ApiTable &t);
void registerVectorApi(ApiTable &t);
void registerSyncApi(ApiTable &t);
void registerCubeApi(ApiTable &t);
void registerMatmulApi(ApiTable &t);
void registerAllocatorApi(ApiTable &t);
void registerCceCopyApi(ApiTable &t);   // CCE data movement, matrix loads, mad, fixpipe
void registerCceVectorApi(ApiTable &t); // CCE vector intrinsics and the mask register
void registerRegApi(ApiTable &t);
void registerSimtApi(ApiTable &t); // SIMT launches, thread built-ins, barriers, atomics; asc_vf_call
void registerCApi(ApiTable &t);    // the asc_* C API of SIMD kernels
Value simtLaunch(Interp &in, ApiCall &c, const clang::FunctionDecl *f);

// Helpers shared by the families (api/Common.cpp).
inline bool isTensor(const Value &v) { return v.kind == Value::Tensor; }
inline bool hasLocalTensorArg(const ApiCall &c) {
  for (const Value &v : c.vals)
    if ((isTensor(v) && !v.t.global) || (v.kind == Value::Choice && !v.alts->front().second.global))
      return true;
  return false;
}
uint32_t templateTypeSize(Interp &in, const clang::FunctionDecl *fd, unsigned i);
// The enumerator name of a function template's first template argument of
// enum type `enumName` (`PaddingMode::Compact`: "Compact"), or "".
std::string enumTemplateArg(const clang::FunctionDecl *fd, const char *enumName);
// One operand of a vector repeat form (api/VectorApi.cpp): `repeat` repeats
// of the blocks that `activeBytes` bytes per repeat fill, strides in 32-byte
// blocks; sets r.repeat and r.lengthBytes (the hull).
void setRepeatFootprint(Region &r, Sym repeat, Sym blkStride, Sym repStride, int64_t activeBytes, bool maskKnown);

} // namespace fe
} // namespace alint
