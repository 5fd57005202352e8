// ascendc-lint bundled AscendC API: synchronisation — intra-core flags
// (SetFlag/WaitFlag, TQueSync), barriers (PipeBarrier, DataSyncBarrier),
// cross-core flags (CrossCoreSetFlag/WaitFlag), SyncAll, IBSet/IBWait and
// Mutex. Declarations only.
//
// Mirrors (interface only; written for this project):
//   mirror-cann/asc-devkit include/basic_api/kernel_operator_block_sync_intf.h
//   mirror-cann/asc-devkit include/basic_api/kernel_operator_common_intf.h (SetNextTaskStart, WaitPreTaskEnd)
//   mirror-cann/asc-devkit include/basic_api/kernel_common.h               (Mutex)
//   docs: docs/zh/api/SIMD-API/基础API/同步控制/
#pragma once

#include "ascendc_lint/tensor.h"

// ascendc-lint: declarations are never defined, so uses through internal-linkage
// template arguments (e.g. a kernel's own constexpr MatmulConfig) must not warn.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

namespace AscendC {

// Producer pipe of `event` signals flag `eventID`; the consumer pipe waits on it.
// SetFlag<HardEvent::V_V> is a PipeBarrier<PIPE_V>() in the real library.
template <HardEvent event>
__aicore__ void SetFlag(int32_t eventID);
template <HardEvent event>
__aicore__ void WaitFlag(int32_t eventID);

template <pipe_t pipe>
__aicore__ void PipeBarrier();

template <MemDsbT arg0>
__aicore__ void DataSyncBarrier();

// Cross-core (AIC <-> AIV) flags; flagId 0..15, modes 0/1/2.
template <uint8_t modeId, pipe_t pipe>
__aicore__ void CrossCoreSetFlag(uint16_t flagId);
template <uint8_t modeId = 0, pipe_t pipe = PIPE_S>
__aicore__ void CrossCoreWaitFlag(uint16_t flagId);

// Whole-kernel barriers across cores.
template <bool isAIVOnly = true>
__aicore__ void SyncAll(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
                        const int32_t usedCores = 0);
template <bool isAIVOnly = true, const SyncAllConfig& config = DEFAULT_SYNC_ALL_CONFIG>
__aicore__ void SyncAll();

template <bool isAIVOnly = true>
__aicore__ void IBSet(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
                      int32_t blockIdx, int32_t eventID);
template <bool isAIVOnly = true>
__aicore__ void IBWait(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
                       int32_t blockIdx, int32_t eventID);

// Flags between two fixed pipes.
template <pipe_t src, pipe_t dst>
class TQueSync {
public:
    __aicore__ void SetFlag(TEventID id);
    __aicore__ void WaitFlag(TEventID id);
};

// Ordering between consecutive kernels of a stream.
template <pipe_t AIV_PIPE = PIPE_MTE3, pipe_t AIC_PIPE = PIPE_FIX, bool FORCE = false>
__aicore__ void SetNextTaskStart();
template <bool FORCE = false>
__aicore__ void WaitPreTaskEnd();

// Hardware buffer-id mutex (Ascend 950).
class Mutex {
public:
    template <pipe_t pipe>
    __aicore__ static void Lock(MutexID id);
    template <pipe_t pipe>
    __aicore__ static void Unlock(MutexID id);
};
__aicore__ MutexID AllocMutexID();
__aicore__ void ReleaseMutexID(MutexID id);

} // namespace AscendC

#pragma clang diagnostic pop
