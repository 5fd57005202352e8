// ascendc-lint bundled AscendC API: system variables (block index/count),
// workspaces, atomics, vector mask control, cache maintenance and debug
// output. Declarations only.
//
// Mirrors (interface only; written for this project):
//   mirror-cann/asc-devkit include/basic_api/kernel_operator_sys_var_intf.h
//   mirror-cann/asc-devkit include/basic_api/kernel_operator_swap_mem_intf.h (GetSysWorkSpacePtr)
//   mirror-cann/asc-devkit include/basic_api/kernel_operator_set_atomic_intf.h, kernel_operator_atomic_intf.h
//   mirror-cann/asc-devkit include/basic_api/kernel_operator_common_intf.h, kernel_common.h (masks)
//   mirror-cann/asc-devkit include/basic_api/kernel_operator_cache_intf.h
//   mirror-cann/asc-devkit include/basic_api/kernel_operator_dump_tensor_intf.h (printf, DumpTensor)
#pragma once

#include "ascendc_lint/tensor.h"

// ascendc-lint: declarations are never defined, so uses through internal-linkage
// template arguments (e.g. a kernel's own constexpr MatmulConfig) must not warn.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

// Global in the real library: the system workspace (KFC / Matmul messages).
__aicore__ __gm__ uint8_t* GetSysWorkSpacePtr();

// Device printf (utils/debug/asc_printf.h declares it globally; AscendC:: re-exports it).
template <class... Args>
__aicore__ void printf(const char* fmt, Args&&... args);
template <class... Args>
__aicore__ void PRINTF(const char* fmt, Args&&... args);

namespace AscendC {

using ::GetSysWorkSpacePtr;

// ---- system variables ------------------------------------------------------------------
__aicore__ int64_t GetBlockNum();
__aicore__ int64_t GetBlockIdx();
__aicore__ int64_t GetSubBlockIdx();
__aicore__ int64_t GetSubBlockNum();
__aicore__ int64_t GetTaskRatio();
__aicore__ int64_t GetTaskRation();
__aicore__ int64_t GetSystemCycle();
__aicore__ int64_t GetProgramCounter();
__aicore__ void GetArchVersion(uint32_t& coreVersion);
__aicore__ void Trap();
__aicore__ uint32_t GetRuntimeUBSize();
__aicore__ constexpr int16_t GetDataBlockSizeInBytes()
{
    return ONE_BLK_SIZE;
}
__aicore__ constexpr uint32_t GetUBSizeInBytes()
{
#if ASCENDC_LINT_ARCH_35XX
    return TOTAL_UB_SIZE;
#else
    return 0;
#endif
}
__aicore__ constexpr uint32_t GetVecLen()
{
#if ASCENDC_LINT_ARCH_35XX
    return VECTOR_REG_WIDTH;
#else
    return 0;
#endif
}
template <SpecialPurposeReg spr>
__aicore__ int64_t GetSpr();
template <SpecialPurposeReg spr>
__aicore__ void ClearSpr();
template <int8_t startBit, int8_t endBit>
__aicore__ void SetCtrlSpr(int64_t value);
template <int8_t startBit, int8_t endBit>
__aicore__ int64_t GetCtrlSpr();
template <int8_t startBit, int8_t endBit>
__aicore__ void ResetCtrlSpr();

// ---- initialisation / workspaces ----------------------------------------------------------
__aicore__ void InitSocState();
__aicore__ void SetSysWorkspace(GM_ADDR workspace);
__aicore__ void SetSysWorkspaceForce(GM_ADDR workspace);
__aicore__ GM_ADDR GetUserWorkspace(GM_ADDR workspace);
template <typename T>
__aicore__ void InitOutput(GlobalTensor<T> gmWorkspaceAddr, uint32_t size, T value = 0);
template <typename T>
__aicore__ void InitGlobalMemory(GlobalTensor<T>& gmWorkspaceAddr, const uint64_t size, const T value);
// Fills `size` elements of GM with `value` (MTE3).
template <typename T>
__aicore__ void Fill(GlobalTensor<T>& gmWorkspaceAddr, const uint64_t size, const T value);

// ---- atomics (accumulate on the next GM writes) --------------------------------------------------
template <typename T>
__aicore__ void SetAtomicType();
template <typename T>
__aicore__ void SetAtomicAdd();
template <typename T>
__aicore__ void SetAtomicMax();
template <typename T>
__aicore__ void SetAtomicMin();
__aicore__ void SetAtomicNone();
__aicore__ void DisableDmaAtomic();
template <AtomicDtype type, AtomicOp op>
__aicore__ void SetStoreAtomicConfig();
__aicore__ void GetStoreAtomicConfig(uint16_t& atomicType, uint16_t& atomicOp);
template <typename T>
__aicore__ T AtomicAdd(__gm__ T* address, T value);
template <typename T>
__aicore__ T AtomicMax(__gm__ T* address, T value);
template <typename T>
__aicore__ T AtomicMin(__gm__ T* address, T value);
template <typename T>
__aicore__ T AtomicCas(__gm__ T* address, T value1, T value2);
template <typename T>
__aicore__ T AtomicExch(__gm__ T* address, T value);

// ---- vector mask control --------------------------------------------------------------------
__aicore__ void SetMaskCount();
__aicore__ void SetMaskNorm();
template <typename T, MaskMode mode = MaskMode::NORMAL>
__aicore__ void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow);
template <typename T, MaskMode mode = MaskMode::NORMAL>
__aicore__ void SetVectorMask(int32_t len);
__aicore__ void ResetMask();

// ---- caches ----------------------------------------------------------------------------------
template <typename T>
__aicore__ void DataCachePreload(const GlobalTensor<uint64_t>& src, const T cacheOffset);
template <typename T, CacheLine entireType, DcciDst dcciDst>
__aicore__ void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst);
template <typename T, CacheLine entireType, DcciDst dcciDst>
__aicore__ void DataCacheCleanAndInvalid(const LocalTensor<T>& dst);
template <typename T, CacheLine entireType>
__aicore__ void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst);
__aicore__ void ICachePreLoad(const int64_t preFetchLen);
__aicore__ int64_t GetICachePreloadStatus();
template <typename T>
__aicore__ T ReadGmByPassDCache(__gm__ T* addr);
template <typename T>
__aicore__ void WriteGmByPassDCache(__gm__ T* addr, T value);

// ---- debug output ------------------------------------------------------------------------------
using ::PRINTF;
using ::printf;
template <typename T>
__aicore__ void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize);
template <typename T>
__aicore__ void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize);
template <typename T>
__aicore__ void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize,
                           const ShapeInfo& shapeInfo);
template <typename T>
__aicore__ void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize,
                           const ShapeInfo& shapeInfo);
template <typename T>
__aicore__ void DumpAccChkPoint(const LocalTensor<T>& tensor, uint32_t index, uint32_t countOff,
                                uint32_t dumpSize);
template <typename T>
__aicore__ void DumpAccChkPoint(const GlobalTensor<T>& tensor, uint32_t index, uint32_t countOff,
                                uint32_t dumpSize);

// ---- scalar helpers ---------------------------------------------------------------------------
template <int countValue>
__aicore__ int64_t ScalarGetCountOfValue(uint64_t valueIn);
__aicore__ int64_t ScalarCountLeadingZero(uint64_t valueIn);
// The current name (asc-devkit docs/zh/api/SIMD-API/基础API/标量计算/CountLeadingZero.md).
__aicore__ int64_t CountLeadingZero(uint64_t valueIn);
__aicore__ int64_t CountBitsCntSameAsSignBit(int64_t valueIn);
// Magic number and shift for a division by `divisor` (uint32_t / uint64_t):
// asc-devkit include/basic_api/kernel_operator_scalar_intf.h.
template <typename T>
__aicore__ void GetUintDivMagicAndShift(T& magic, T& shift, T divisor);
template <int countValue>
__aicore__ int64_t ScalarGetSFFValue(uint64_t valueIn);
template <typename T, typename U, RoundMode roundMode>
__aicore__ U ScalarCast(T valueIn);
// bfloat16_t to float; the former name of the scalar Cast (asc-devkit docs/zh/api/附录/
// 接口变更说明.md, SIMD-API/基础API/标量计算/Cast（多类型转float）.md).
__aicore__ float ToFloat(const bfloat16_t& bVal);

// Deterministic-order helpers across blocks (kernel_operator_determine_compute_sync_intf.h).
__aicore__ void InitDetermineComputeWorkspace(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace);
__aicore__ void WaitPreBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace);
__aicore__ void NotifyNextBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace);

// Lists of GM tensors passed as one kernel argument (kernel_operator_list_tensor_intf.h).
template <class T>
class TensorDesc {
public:
    __aicore__ TensorDesc() {}
    __aicore__ void SetShapeAddr(uint64_t* shapePtr);
    __aicore__ uint64_t GetDim();
    __aicore__ uint64_t GetIndex();
    __aicore__ uint64_t GetShape(uint32_t offset);
    __aicore__ __gm__ T* GetDataPtr();
    __aicore__ GlobalTensor<T> GetDataObj();
};

class ListTensorDesc {
public:
    __aicore__ ListTensorDesc() {}
    __aicore__ ListTensorDesc(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff);
    __aicore__ void Init(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff);
    template <class T>
    __aicore__ void GetDesc(TensorDesc<T>& desc, uint32_t index);
    template <class T>
    __aicore__ __gm__ T* GetDataPtr(uint32_t index);
    __aicore__ uint32_t GetSize();
};

} // namespace AscendC

#pragma clang diagnostic pop
