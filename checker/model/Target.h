// The hierarchy model: one chip as data. Built-in targets are JSON files in
// checker/model/targets/ compiled into the binary; a user's own chip is the
// same format loaded with --target-file. Every number carries its source.
#pragma once

#include "checker/ir/AscendEnums.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace alint {
struct Buffer;
struct Op;
} // namespace alint

namespace alint::model {

struct MemorySpec {
  Mem mem = Mem::Unknown;
  uint64_t capacityBytes = 0;   // physical size
  uint64_t usableBytes = 0;     // what AscendC lets kernels allocate
  uint32_t alignBytes = 1;      // required start alignment of a local tensor
  std::optional<CoreType> core; // owning core type on split chips; none = both / GM
  bool allocatable = true;      // false: only alignment is checked (e.g. FB on 910B)
  std::string notes;
  std::string source; // where the numbers come from
};

// A legal src -> dst data movement.
struct PathSpec {
  Mem src = Mem::Unknown;
  Mem dst = Mem::Unknown;
  Pipe pipe = Pipe::None;
  std::optional<CoreType> core;
  bool hardware = true; // false: software-emulated (e.g. UB->L1 on 910B via GM)
  std::vector<std::string> apis;
  std::optional<HardEvent> queueForward;  // EnQue/DeQue event
  std::optional<HardEvent> queueBackward; // FreeTensor/AllocTensor event
  std::optional<uint32_t> bandwidthBytesPerCycle;
  std::string notes;
  std::string source;
};

// A movement that does not exist on the target, with the reason to print.
struct IllegalPathSpec {
  Mem src = Mem::Unknown;
  Mem dst = Mem::Unknown;
  std::string reason;
  std::string source;
};

struct UbBankModel {
  uint32_t bankGroups = 0;
  uint32_t banksPerGroup = 0;
  uint32_t rowBytes = 32;
  uint32_t periodBytes = 0; // same bank repeats every periodBytes (0 = n/a)
  std::string groupFormula; // human-readable, e.g. "(addr>>5)&7"
  std::string bankFormula;
  // Machine-readable form (optional; without it perf-bank-conflict makes no
  // claim on the target): group = (addr / rowBytes) % bankGroups, bank in the
  // group = (addr >> bankShift) % banksPerGroup.
  std::optional<uint32_t> bankShift;
  // Which relation between two accesses of one instruction conflicts:
  // "group" (same bank group) or "bank" (same bank); empty = not known.
  std::string readRead, readWrite, writeWrite;
  std::string source;
};

// SIMT Data Cache carved out of UB (950): UB left for buffers = usable UB
// minus the Data Cache the launch leaves (docs/target-format.md, "simt").
struct SimtSpec {
  uint64_t dcacheMinBytes = 0; // below this the launch fails its check
  uint64_t dcacheMaxBytes = 0; // the cache never grows beyond this
  std::string source;
};

struct EventSpec {
  uint32_t idCount = 8;                          // ids 0 .. idCount-1 per HardEvent
  std::set<uint32_t> reservedIds;                // ids the docs forbid using by hand
  std::map<CoreType, std::set<HardEvent>> legal; // per core type (coupled: both same)
  std::set<HardEvent> errorEvents;               // silently dropped / asserting events
  std::string errorReason;
  std::string source;
};

struct CrossCoreSpec {
  bool supported = false;
  uint32_t userFlagMin = 0, userFlagMax = 10;
  uint32_t hwFlagCount = 16;
  std::set<uint32_t> reservedFlags; // SyncAll / HIVM internal ids
  uint32_t maxPendingSets = 15;
  std::set<uint32_t> modes; // legal modeId values
  std::string source;
  // Why each reserved flag is reserved (keys == reservedFlags).
  std::map<uint32_t, std::string> reservedFlagReasons;
};

struct TargetSpec {
  std::string name;                       // "ascend910b"
  std::vector<std::string> aliases;       // "Ascend910B1", ...
  int npuArch = 0;                        // __NPU_ARCH__
  int cceAicore = 0;                      // __CCE_AICORE__
  std::vector<std::string> compilerArchs; // "dav-c220", "dav-c220-vec", ...
  std::string socVersion;
  bool splitCores = true;             // AIC/AIV split (910B, 950) vs coupled (310B/310P)
  std::map<Mem, MemorySpec> memories; // GM included (capacity 0 = unbounded)
  std::map<TPos, Mem> positions;      // TPosition -> physical memory
  std::string positionsSource;
  std::map<CoreType, std::set<Pipe>> pipes;
  std::string pipesSource;
  std::vector<PathSpec> paths;
  std::vector<IllegalPathSpec> illegalPaths;
  EventSpec events;
  CrossCoreSpec crossCore;
  std::optional<UbBankModel> ubBanks;
  std::optional<SimtSpec> simt; // none: no SIMT unit
  bool hasNdDma = false;
  std::string ndDmaSource;
  // The system workspace AscendC reserves at the start of a kernel's
  // workspace: GetUserWorkspace(ws) is ws + this, and the host's
  // GetLibApiWorkSpaceSize() returns it. -1: not known for the target.
  int64_t reservedWorkspaceBytes = -1;
  std::string reservedWorkspaceSource;
  // The most cube (AIC) and vector (AIV) cores a chip of the target has, what
  // the platform's GetCoreNumAic / GetCoreNumAiv report at most (a vNPU
  // partition reports fewer). 0: not known (the host reader then assumes up
  // to 65535).
  uint32_t maxAicCores = 0, maxAivCores = 0;
  std::string coreCountSource;
  std::string source; // overall provenance

  const MemorySpec *memory(Mem m) const;
  std::optional<Mem> memoryOf(TPos p) const;
  const PathSpec *findPath(Mem src, Mem dst) const;
  const IllegalPathSpec *findIllegal(Mem src, Mem dst) const;
  bool hasPipe(CoreType c, Pipe p) const;
  // Helpers over `events`.
  bool isEventLegal(CoreType c, HardEvent e) const;
  // The implicit event of a queue between positions src -> dst (GetQueEvt):
  // forward for EnQue/DeQue, backward for FreeTensor/AllocTensor.
  std::optional<HardEvent> queueEvent(TPos src, TPos dst, bool forward) const;
  // The event a buffer's EnQue (forward) or free sets: a queue's, by its
  // positions; none for a TBuf, a pool or an eventless TQue<VECCALC>.
  std::optional<HardEvent> queueEvent(const Buffer &b, bool forward) const;
  // The event a queue op sets or waits for: EnQue / DeQue<srcUserPos,
  // dstUserPos> name their own path (a TQueBind<VECIN, VECOUT> used as
  // GM -> VECIN waits MTE2_V, not the bind's MTE2_MTE3), the rest the
  // buffer's.
  std::optional<HardEvent> queueEvent(const Buffer &b, const Op &op, bool forward) const;
  bool isErrorEvent(HardEvent e) const;
};

// Loads and validates a target description (JSON text). On failure returns
// std::nullopt and sets `error` to a one-line message naming the key (and the
// `origin`, e.g. the file name).
std::optional<TargetSpec> parseTarget(const std::string &jsonText, const std::string &origin, std::string &error);

// The target as JSON (sizes in bytes), the same schema parseTarget reads.
std::string targetToJson(const TargetSpec &t);

// The five built-in targets, in a fixed order.
const std::vector<TargetSpec> &builtinTargets();
const TargetSpec *findBuiltinTarget(const std::string &nameOrAlias);

} // namespace alint::model
