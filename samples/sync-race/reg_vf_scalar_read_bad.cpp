// lint: --target=ascend950
// A scalar read of what a vector function stored, with no V -> S wait: the
// scalar unit may read UB before the VF has written it. The compiler's
// auto-sync does not cover register-API accesses through __ubuf__ pointers.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 1024; // float elements

__aicore__ inline void Scale(LocalTensor<float> &dst, LocalTensor<float> &src) {
  constexpr uint32_t VL = VECTOR_REG_WIDTH / sizeof(float);
  __VEC_SCOPE__ {
    __ubuf__ float *s = (__ubuf__ float *)src.GetPhyAddr();
    __ubuf__ float *d = (__ubuf__ float *)dst.GetPhyAddr();
    Reg::RegTensor<float> x, y;
    for (uint16_t i = 0; i < TILE / VL; i++) {
      Reg::MaskReg mask = Reg::CreateMask<float>();
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
  float first = dst.GetValue(0); // expect: sync-race
  yGm.SetValue(0, first);
}
