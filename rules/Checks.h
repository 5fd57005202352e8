// The checks, one class per file (rules/<Name>Check.cpp, docs/checks/<id>.md).
#pragma once

#include "rules/Check.h"

namespace alint {

#define ALINT_DECLARE_CHECK(Class, Id, Summary)                                                                        \
  class Class : public Check {                                                                                         \
  public:                                                                                                              \
    const char *id() const override { return Id; }                                                                     \
    const char *summary() const override { return Summary; }                                                           \
    void run(CheckContext &ctx) const override;                                                                        \
  };

ALINT_DECLARE_CHECK(CapacityOverflowCheck, "capacity-overflow",
                    "the buffers allocated in a physical memory fit its usable size")
ALINT_DECLARE_CHECK(AlignCopyLengthCheck, "align-copy-length",
                    "DataCopy lengths are whole 32-byte blocks where the hardware requires it")
ALINT_DECLARE_CHECK(AlignAddressCheck, "align-address", "local tensor start addresses meet their memory's alignment")
ALINT_DECLARE_CHECK(BoundsLocalCheck, "bounds-local", "accesses stay inside their LocalTensor / queue buffer")
ALINT_DECLARE_CHECK(BoundsGlobalCheck, "bounds-global", "accesses stay inside the size given to SetGlobalBuffer")
ALINT_DECLARE_CHECK(PathIllegalCheck, "path-illegal", "every data movement exists on the target")

ALINT_DECLARE_CHECK(SyncRaceCheck, "sync-race", "accesses to overlapping memory from unordered pipes are synchronised")
ALINT_DECLARE_CHECK(SyncUnpairedCheck, "sync-unpaired",
                    "every WaitFlag is reached by a SetFlag and every SetFlag is consumed")
ALINT_DECLARE_CHECK(SyncEventCheck, "sync-event",
                    "HardEvents are legal on the target and core, ids are in range and not set twice")

ALINT_DECLARE_CHECK(SyncCrossCoreCheck, "sync-crosscore",
                    "CrossCoreSetFlag/CrossCoreWaitFlag pair up between cube and vector cores")

ALINT_DECLARE_CHECK(NdDmaParamsCheck, "nddma-params", "NDDMA loop sizes, strides and paddings are in range")
ALINT_DECLARE_CHECK(NdDmaDstOverlapCheck, "nddma-dst-overlap",
                    "NDDMA destination strides never send two source elements to one UB element")
ALINT_DECLARE_CHECK(NdDmaDciCheck, "nddma-dci", "NdDmaDci() precedes NDDMA copies")
ALINT_DECLARE_CHECK(ParamRangeCheck, "param-range",
                    "values stored into narrow API parameter fields fit the field and its documented maximum, and GM "
                    "offsets do not wrap in 32-bit arithmetic")

ALINT_DECLARE_CHECK(CubeParamsCheck, "cube-params",
                    "Mmad shapes, LoadData transposes and Fixpipe dual-destination splits follow the documented rules")
ALINT_DECLARE_CHECK(PerfBankConflictCheck, "perf-bank-conflict",
                    "the source operands of a vector instruction do not start in conflicting UB banks")

ALINT_DECLARE_CHECK(SyncVfMembarCheck, "sync-vf-membar",
                    "inside a 950 vector function, a UB store and a later overlapping load/store are ordered by "
                    "LocalMemBar")
ALINT_DECLARE_CHECK(SyncSimtCheck, "sync-simt",
                    "two threads of a SIMT launch touching one address, one writing, are separated by asc_syncthreads")

ALINT_DECLARE_CHECK(MatmulTilingCheck, "matmul-tiling",
                    "the TCubeTiling of a Matmul API object meets the documented constraints between its fields")
ALINT_DECLARE_CHECK(UninitReadCheck, "uninit-read",
                    "local memory is written before it is read, and GM tensors are set up before use")
ALINT_DECLARE_CHECK(VectorOverlapCheck, "vector-overlap",
                    "a vector instruction's source and destination are the same addresses or disjoint")
ALINT_DECLARE_CHECK(GmCoherenceCheck, "gm-coherence",
                    "GM written by the scalar unit is cleaned from the data cache before DataCopy reads it, and "
                    "the reverse")

#undef ALINT_DECLARE_CHECK

// Shared helpers for the checks.
std::string bytesText(int64_t bytes); // "196352 bytes (191.75 KiB)"
std::string locText(const SourceLoc &l);
// Bytes one buffer of a queue / TBuf occupies: TPipe rounds the InitBuffer
// length up to 32 bytes (asc-devkit impl/basic_api/kernel_tpipe_impl.h:279).
Sym slotBytes(const Buffer &b);
// Two cross-core flag ids that are certainly the same (equal constants or the
// same expression).
bool sameFlagId(const Sym &a, const Sym &b);
// Byte offset of each buffer from the start of its memory, laid out as TPipe
// does: the InitBuffer calls that run, one after the other per memory (and per
// TPipe epoch). Null for buffers carved from a pool (their place is unknown).
// Defined in AlignAddressCheck.cpp; perf-bank-conflict uses the same layout.
std::vector<Sym> bufferBases(const KernelModel &k, const model::TargetSpec &t);
// sync-crosscore's GM hand-over obligations (rules/SyncCrossCoreGm.cpp).
void checkCrossCoreGm(CheckContext &ctx, const char *checkId);
// sync-crosscore: every core reaches each SyncAll equally often (SyncCrossCoreBarrier.cpp).
void checkAllCoreBarriers(CheckContext &ctx, const char *checkId);
// sync-crosscore: sets and waits of a flag paired per loop iteration (SyncCrossCoreLoops.cpp).
void checkLoopDrift(CheckContext &ctx, const char *checkId);

} // namespace alint
