// ascendc-lint bundled AscendC API: cube-core instructions — LoadData (L1/GM
// -> L0A/L0B), Mmad (L0A x L0B -> L0C), Fixpipe (L0C -> GM/L1/UB) and their
// configuration calls. Declarations only.
//
// Mirrors (interface only; written for this project):
//   mirror-cann/asc-devkit include/basic_api/kernel_operator_mm_intf.h
//   mirror-cann/asc-devkit include/basic_api/kernel_operator_fixpipe_intf.h
//   docs: docs/zh/api/SIMD-API/基础API/矩阵计算/
#pragma once

#include "ascendc_lint/tensor.h"

// ascendc-lint: declarations are never defined, so uses through internal-linkage
// template arguments (e.g. a kernel's own constexpr MatmulConfig) must not warn.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

namespace AscendC {

// ---- LoadData -------------------------------------------------------------------------------
template <typename T>
__aicore__ void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2DParams& loadDataParams);
template <typename T>
__aicore__ void LoadData(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const LoadData2DParams& loadDataParams);
template <typename T>
__aicore__ void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                         const LoadData2DParamsV2& loadDataParams);
template <typename T>
__aicore__ void LoadData(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                         const LoadData2DParamsV2& loadDataParams);
template <typename T, typename U = T>
__aicore__ void LoadData(const LocalTensor<U>& dst, const LocalTensor<T>& src, const LocalTensor<fp8_e8m0_t>& srcMx,
                         const LoadData2DParamsV2& loadDataParams, const LoadData2DMxParams& loadMxDataParams);
template <typename T, const IsResetLoad3dConfig& defaultConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG,
          typename U = PrimT<T>, typename std::enable_if<std::is_same<PrimT<T>, U>::value, bool>::type = true>
__aicore__ void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                         const LoadData3DParamsV1<U>& loadDataParams);
template <typename T, const IsResetLoad3dConfig& defaultConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG,
          typename U = PrimT<T>, typename std::enable_if<std::is_same<PrimT<T>, U>::value, bool>::type = true>
__aicore__ void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                         const LoadData3DParamsV2<U>& loadDataParams);
template <typename T>
__aicore__ void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                         const LoadData3DParamsV2Pro& loadDataParams);
template <typename T, const IsResetLoad3dConfig& defaultConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG,
          typename U = PrimT<T>, typename std::enable_if<std::is_same<PrimT<T>, U>::value, bool>::type = true>
__aicore__ void LoadDataWithStride(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                   const LoadData3DParamsV2<U>& loadDataParams);
template <typename T>
__aicore__ void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                      const LoadData2dTransposeParams& loadDataParams);
template <typename T>
__aicore__ void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                      const LoadData2dTransposeParamsV2& loadDataParams);
template <typename T = int8_t, typename U = uint8_t>
__aicore__ void LoadDataWithSparse(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<U>& idx,
                                   const LoadData2dParams& loadDataParam);
template <typename T = int8_t>
__aicore__ void LoadUnzipIndex(const GlobalTensor<T>& src, uint32_t numOfIndexTabEntry);
template <typename T>
__aicore__ void LoadDataUnzip(const LocalTensor<T>& dst, const GlobalTensor<T>& src);

// ---- Mmad: dst(L0C) = fm(L0A) x filter(L0B) [+ bias / + dst] -----------------------------------------
template <typename T, typename U, typename S>
__aicore__ void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
                     const MmadParams& mmadParams);
template <typename T, typename U, typename S, typename V>
__aicore__ void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
                     const LocalTensor<V>& bias, const MmadParams& mmadParams);
template <typename T, typename U, typename S>
__aicore__ void MmadMx(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
                       const MmadParams& mmadParams);
template <typename T, typename U, typename S, typename V>
__aicore__ void MmadMx(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
                       const LocalTensor<V>& bias, const MmadParams& mmadParams);
template <typename T = int32_t, typename U = int8_t>
__aicore__ void MmadWithSparse(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<U>& filter,
                               const MmadParams& mmadParams);

// ---- L1 / L0 initialisation and load configuration --------------------------------------------------
template <typename T, typename U = PrimT<T>>
__aicore__ void Fill(const LocalTensor<T>& dst, const InitConstValueParams<U>& initConstValueParams);
template <typename T, typename U = PrimT<T>>
__aicore__ void InitConstValue(const LocalTensor<T>& dst, const InitConstValueParams<U>& initConstValueParams);
template <typename T, typename U>
__aicore__ void BroadCastVecToMM(const LocalTensor<T>& dst, const LocalTensor<U>& src, const int32_t blockCount,
                                 const uint8_t blockLen, const uint8_t srcGap, const uint8_t dstGap);
template <typename T>
__aicore__ void SetLoadDataPaddingValue(const T padValue);
__aicore__ void SetFmatrix(uint16_t l1H, uint16_t l1W, const uint8_t padList[4], const FmatrixMode& fmatrixMode);
__aicore__ void SetLoadDataBoundary(uint32_t boundaryValue);
__aicore__ void SetLoadDataRepeat(const LoadDataRepeatParam& repeatParams);
__aicore__ void SetLoadDataRepeatWithStride(const LoadDataRepeatParamWithStride& repeatParams);
__aicore__ void SetHF32Mode(HF32Mode mode);
__aicore__ void SetHF32Mode(bool hf32Mode);
__aicore__ void SetHF32TransMode(HF32TransMode mode);
__aicore__ void SetHF32TransMode(bool hf32TransMode);
__aicore__ void SetMMRowMajor();
__aicore__ void SetMMColumnMajor();
__aicore__ void SetMMLayoutTransform(bool mmLayoutMode);

// ---- Fixpipe: L0C -> GM / L1 (/ UB on Ascend 950) -----------------------------------------------
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
__aicore__ void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& intriParams);
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR, typename S = uint64_t,
          typename std::enable_if<std::is_same<PrimT<S>, uint64_t>::value, bool>::type = true>
__aicore__ void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<S>& cbufWorkspace,
                        const FixpipeParamsV220& intriParams);
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
__aicore__ void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& intriParams);
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR, typename S = uint64_t,
          typename std::enable_if<std::is_same<PrimT<S>, uint64_t>::value, bool>::type = true>
__aicore__ void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<S>& cbufWorkspace,
                        const FixpipeParamsV220& intriParams);

// Ascend 950 form: the params carry the output layout of `config`.
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
__aicore__ void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                        const FixpipeParamsArch3510<config.format>& intriParams);
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
__aicore__ void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                        const LocalTensor<uint64_t>& cbufWorkspace,
                        const FixpipeParamsArch3510<config.format>& intriParams);
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
__aicore__ void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src,
                        const FixpipeParamsArch3510<config.format>& intriParams);
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
__aicore__ void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src,
                        const LocalTensor<uint64_t>& cbufWorkspace,
                        const FixpipeParamsArch3510<config.format>& intriParams);

// Older (v200-style) fixpipe.
template <typename T, typename U>
__aicore__ void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParams<U>& intriParams);
template <typename T, typename U>
__aicore__ void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParams<U>& intriParams);

template <typename T>
__aicore__ void SetFixPipeConfig(const LocalTensor<T>& reluPre, const LocalTensor<T>& quantPre,
                                 bool isUnitFlag = false);
template <typename T, bool setRelu = false>
__aicore__ void SetFixPipeConfig(const LocalTensor<T>& preData, bool isUnitFlag = false);
__aicore__ void SetFixpipeNz2ndFlag(uint16_t ndNum, uint16_t srcNdStride, uint32_t dstNdStride);
__aicore__ void SetFixpipePreQuantFlag(uint64_t config);
__aicore__ void SetFixPipeClipRelu(uint64_t config);
template <typename T>
__aicore__ void SetFixPipeAddr(const LocalTensor<T>& eleWiseData, uint16_t c0ChStride);

} // namespace AscendC

#pragma clang diagnostic pop
