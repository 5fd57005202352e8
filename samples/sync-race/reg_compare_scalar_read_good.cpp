// lint: --target=ascend950
// The fixed twin of reg_compare_scalar_read_bad.cpp: SetFlag/WaitFlag<V_S>
// before the scalar read of the stored Compare mask.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 1024; // float elements

// Marks which elements of a tile are above a threshold: the Compare result
// (a mask register, one bit per byte lane) is stored to UB as 32 bytes.
__aicore__ inline void Above(LocalTensor<uint8_t> &flags, LocalTensor<float> &src, float threshold) {
  constexpr uint32_t VL = VECTOR_REG_WIDTH / sizeof(float);
  __VEC_SCOPE__ {
    __ubuf__ float *s = (__ubuf__ float *)src.GetPhyAddr();
    __ubuf__ uint8_t *f = (__ubuf__ uint8_t *)flags.GetPhyAddr();
    Reg::RegTensor<float> x;
    Reg::MaskReg all = Reg::CreateMask<float>();
    Reg::MaskReg gt;
    for (uint16_t i = 0; i < TILE / VL; i++) {
      Reg::LoadAlign(x, s + i * VL);
      Reg::CompareScalar<float, CMPMODE::GT>(gt, x, threshold, all);
      Reg::StoreAlign<uint8_t>(f + i * 32, gt);
    }
  }
}

extern "C" __global__ __aicore__ void count_above(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> inBuf, flagBuf;
  pipe.InitBuffer(inBuf, TILE * sizeof(float));
  pipe.InitBuffer(flagBuf, TILE / 64 * 32);
  GlobalTensor<float> xGm;
  GlobalTensor<uint32_t> yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, TILE);
  yGm.SetGlobalBuffer((__gm__ uint32_t *)y, 1);
  LocalTensor<float> src = inBuf.Get<float>();
  LocalTensor<uint8_t> flags = flagBuf.Get<uint8_t>();
  DataCopy(src, xGm, TILE);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  Above(flags, src, 0.5f);
  SetFlag<HardEvent::V_S>(EVENT_ID0);
  WaitFlag<HardEvent::V_S>(EVENT_ID0);
  uint32_t first = flags.GetValue(0);
  yGm.SetValue(0, first);
}
