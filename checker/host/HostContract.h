// The host side of an operator: what its tiling function (`ge::graphStatus
// TilingFunc(gert::TilingContext*)` in op_host/) sends to the kernel, as
// symbolic expressions over the operator's input shapes, dtypes and the
// platform values. The kernel's obligations are then proved under this
// contract (cli/Driver.cpp binds the tiling fields to these expressions).
#pragma once

#include "checker/ir/Budget.h"
#include "checker/ir/SymExpr.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace alint::project {
struct OpProject;
} // namespace alint::project

namespace alint::host {

struct HostOptions {
  std::string hostApiDir;             // bundled host API (api/host)
  std::string kernelApiDir;           // bundled kernel API (api/include): direct launches parse the kernel file
  std::string resourceDir;            // Clang builtin headers
  std::vector<std::string> extraArgs; // -I of the op project
  // GetCoreMemSize(type): the range of the value (the target's usable size up
  // to its capacity; which one the platform reports is not documented).
  std::map<int, std::pair<int64_t, int64_t>> memSize; // by platform_ascendc::CoreMemType
  int socVersion = -1;                                // platform_ascendc::SocVersion, -1: unknown
  // The most AIC / AIV cores GetCoreNumAic / GetCoreNumAiv report (the
  // target's, model::TargetSpec); GetCoreNum is the AIV count on split chips.
  uint32_t maxAicCores = 65535, maxAivCores = 65535;
  bool splitCores = true;
  int npuArch = -1;                                   // NpuArch (the __NPU_ARCH__ number), -1: unknown
  // GetLibApiWorkSpaceSize(): the system workspace (model::TargetSpec), -1: unknown.
  int64_t reservedWorkspaceBytes = -1;
  std::string opType;                                 // the op's type (OpDef class), for registrations by op
  std::vector<std::string> inputNames, outputNames;   // from the OpDef, in order
  // Inputs the OpDef marks `.Scalar()` (an aclScalar in the generated aclnn
  // API, asc-devkit docs/zh/api/Utils-API/原型注册与管理/OpParamDef/Scalar.md):
  // their GM buffer holds one element.
  std::set<std::string> scalarInputs;
  // Outputs whose shape the op's shape inference copies from an input
  // (project::parseShapeCopies): output -> input. An output whose shape the
  // tiling code never reads gets that input's element count.
  std::map<std::string, std::string> shapeCopies;
  std::map<std::string, std::vector<int64_t>> dtypes; // allowed ge::DataType values per tensor
  // The OpDef's DataType lists as written, per tensor (-1: a dtype the reader
  // does not know): lists of one length are columns, column k one combination.
  std::map<std::string, std::vector<int64_t>> dtypeColumns;
  std::map<std::string, std::vector<int64_t>> shapes; // --shape: concrete dimensions
  unsigned maxSteps = 200000;
  // The CPU time (this process's, CpuClock) at which the reading gives up:
  // the host code is read once per build configuration, within that
  // configuration's share of the file's --timeout. A default time_point: none.
  CpuClock::time_point deadline{};
};

// The reason a reading stopped at HostOptions::deadline gives (part of it):
// such a file is not read again (cli/HostBinding.cpp), nor alone after its
// companion unit.
constexpr const char *kHostOutOfTime = "reading the host code took more than its share of the CPU-time limit";
inline bool outOfTime(const std::string &reason) { return reason.find(kHostOutOfTime) != std::string::npos; }

struct HostContract {
  bool ok = false;
  std::string reason; // when !ok: why no contract
  std::string file, function;
  std::vector<std::string> companions; // sources read with the file (their definitions)
  // Tiling fields as the kernel reads them ("tileLength", "sub.len"), each in
  // its field type. Fields the host leaves to values it does not compute
  // (opaque) are absent and listed in `unconstrained`; fields only partly
  // computed (an opaque value inside) are present and listed in `partial`.
  std::map<std::string, Sym> fields;
  std::vector<std::string> unconstrained;
  std::vector<std::string> partial;
  Sym blockDim;  // null when not set or not understood
  Sym tilingKey; // null when not set or not understood
  // GET_TPL_TILING_KEY's arguments by position (ASCENDC_TPL_SEL_PARAM), as
  // mathematical integers; a position whose value is not known is absent.
  std::map<unsigned, Sym> tplArgs;
  Sym success;            // the host returns GRAPH_SUCCESS: a precondition of the launch
  std::vector<Sym> facts; // ranges of the shape, dtype and platform variables
  // The workspace sizes the host sets (GetWorkspaceSizes(n)[k], bytes, the
  // system workspace included), by index; null where not known.
  std::vector<Sym> workspace;
  // The operator's input and output tensors by OpDef name (direct launches:
  // by kernel parameter): element count (a mathematical integer over the
  // shape variables) and the byte sizes its allowed dtypes have. The kernel's
  // GM arguments get their real extents from these (cli/HostBinding.cpp).
  struct Tensor {
    Sym elems;                       // null when not known
    Sym bytes;                       // direct launches: the allocation's byte size; null otherwise
    std::vector<int64_t> dtypeBytes; // empty: dtypes not declared
    std::vector<Sym> facts;          // elems in terms of the shape's dimensions (non-linear: used only with elems)
  };
  std::map<std::string, Tensor> tensors;
};

HostContract readTilingFunction(const std::string &hostFile, const HostOptions &opts);
// How many host translation units this process has parsed: a unit read
// again with other options (another variant's dtypes) is interpreted
// again, not parsed again (for tests).
unsigned hostUnitParses();

// A direct launch: the host code in the kernel's own file that launches it
// (`kernel<<<blocks, l2ctrl, stream>>>(args)`). The contract's fields are the
// kernel's parameters by name (`tileSize`, `tiling.tileNum` for a struct
// passed by value), `blockDim` the launch's block count, `success` the
// condition under which the launch is reached. The host function's own
// parameters are free. A kernel launched in its own file is taken to be
// launched only there.
HostContract readDirectLaunch(const std::string &file, const std::string &kernel, const HostOptions &opts);

// The operator project's host tiling sources (`*tiling*.cpp` of op_host/, as
// checker/project found them). Empty with a reason when there is none.
std::vector<std::string> hostTilingSources(const project::OpProject &p, std::string &reason);

// Input and output names and allowed dtypes from the project's OpDef
// (`this->Input("x").DataType({ge::DT_FLOAT16, ...})`).
void applyOpDef(const project::OpProject &p, HostOptions &opts);

// The ge::DataType value of a `DT_*` name, -1 when not known.
int64_t dtypeValue(const std::string &dt);
// The ge::DataType values the build compiles as C++ type `cpp` (DTYPE_X=half).
std::vector<int64_t> dtypeValuesOfCppType(const std::string &cpp);

} // namespace alint::host
