// lint: --target=ascend950
// The fixed twin of reg_load_past_end_bad.cpp: TILE / VL iterations, every
// LoadAlign stays inside the input TBuf.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 1024; // float elements

__aicore__ inline void Scale(LocalTensor<float> &dst, LocalTensor<float> &src) {
  constexpr uint32_t VL = VECTOR_REG_WIDTH / sizeof(float);
  __VEC_SCOPE__ {
    __ubuf__ float *s = (__ubuf__ float *)src.GetPhyAddr();
    __ubuf__ float *d = (__ubuf__ float *)dst.GetPhyAddr();
    Reg::RegTensor<float> x, y;
    uint32_t count = TILE;
    for (uint16_t i = 0; i < TILE / VL; i++) {
      Reg::MaskReg mask = Reg::UpdateMask<float>(count);
      Reg::LoadAlign(x, s + i * VL);
      Reg::Muls(y, x, 2.0f, mask);
      Reg::StoreAlign(d + i * VL, y, mask);
    }
  }
}

extern "C" __global__ __aicore__ void scale(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> inBuf, outBuf;
  pipe.InitBuffer(inBuf, TILE * sizeof(float));
  pipe.InitBuffer(outBuf, TILE * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, TILE);
  yGm.SetGlobalBuffer((__gm__ float *)y, TILE);
  LocalTensor<float> src = inBuf.Get<float>();
  LocalTensor<float> dst = outBuf.Get<float>();
  DataCopy(src, xGm, TILE);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  Scale(dst, src);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, dst, TILE);
}
