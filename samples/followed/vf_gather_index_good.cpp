// lint: --target=ascend950
// The fixed twin of vf_gather_index_bad.cpp: with STRIDE 4 the indices of
// Reg::Gather (0, 4, ..., 252, built with Arange and Muls) stay inside the
// 256-element tile: the Gather is proved in bounds, and ordered after the
// copy in by the MTE2_V flag.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 256; // float elements
constexpr uint32_t LANES = VECTOR_REG_WIDTH / sizeof(float);
constexpr uint32_t STRIDE = 4;

__aicore__ inline void Pick(LocalTensor<float> &dst, LocalTensor<float> &src) {
  __VEC_SCOPE__ {
    __ubuf__ float *s = (__ubuf__ float *)src.GetPhyAddr();
    __ubuf__ float *d = (__ubuf__ float *)dst.GetPhyAddr();
    Reg::RegTensor<uint32_t> index;
    Reg::RegTensor<float> picked;
    Reg::MaskReg all = Reg::CreateMask<uint32_t>();
    Reg::Arange((Reg::RegTensor<int32_t> &)index, 0);
    Reg::Muls(index, index, STRIDE, all);
    Reg::Gather(picked, s, index, all);
    Reg::StoreAlign(d, picked, all);
  }
}

extern "C" __global__ __aicore__ void pick(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> inBuf, outBuf;
  pipe.InitBuffer(inBuf, TILE * sizeof(float));
  pipe.InitBuffer(outBuf, LANES * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, TILE);
  yGm.SetGlobalBuffer((__gm__ float *)y, LANES);
  LocalTensor<float> src = inBuf.Get<float>();
  LocalTensor<float> dst = outBuf.Get<float>();
  DataCopy(src, xGm, TILE);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  Pick(dst, src);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, dst, LANES);
}
