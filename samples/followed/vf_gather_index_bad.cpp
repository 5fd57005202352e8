// lint: --target=ascend950
// A vector function picks every STRIDE-th element of a tile with
// Reg::Gather: the indices are 0, STRIDE, 2 * STRIDE, ... built with Arange
// and Muls (64 lanes of uint32_t). With STRIDE 5 the last index, 315, lies
// past the 256-element tile.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 256; // float elements
constexpr uint32_t LANES = VECTOR_REG_WIDTH / sizeof(float);
constexpr uint32_t STRIDE = 5;

__aicore__ inline void Pick(LocalTensor<float> &dst, LocalTensor<float> &src) {
  __VEC_SCOPE__ {
    __ubuf__ float *s = (__ubuf__ float *)src.GetPhyAddr();
    __ubuf__ float *d = (__ubuf__ float *)dst.GetPhyAddr();
    Reg::RegTensor<uint32_t> index;
    Reg::RegTensor<float> picked;
    Reg::MaskReg all = Reg::CreateMask<uint32_t>();
    Reg::Arange((Reg::RegTensor<int32_t> &)index, 0);
    Reg::Muls(index, index, STRIDE, all);
    Reg::Gather(picked, s, index, all); // expect: bounds-local
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
