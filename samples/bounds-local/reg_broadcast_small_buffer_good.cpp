// lint: --target=ascend950
// The good twin of reg_broadcast_small_buffer_bad.cpp: the one-value queue is
// given a whole register's bytes, so the register load that broadcasts its
// lowest lane stays inside its slot.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 2048; // float elements per output tile

class KernelFillValue {
public:
  __aicore__ inline KernelFillValue() {}
  __aicore__ inline void Init(GM_ADDR value, GM_ADDR y) {
    valueGm.SetGlobalBuffer((__gm__ float *)value, 1);
    yGm.SetGlobalBuffer((__gm__ float *)y, TILE);
    pipe.InitBuffer(valueQ, 1, VECTOR_REG_WIDTH); // a whole register: the load stays inside
    pipe.InitBuffer(outBuf, TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    CopyIn();
    Compute();
    CopyOut();
  }

private:
  __aicore__ inline void CopyIn() {
    LocalTensor<float> v = valueQ.AllocTensor<float>();
    DataCopyExtParams params{1, sizeof(float), 0, 0, 0};
    DataCopyPadExtParams<float> pad{false, 0, 0, 0.0f};
    DataCopyPad(v, valueGm, params, pad);
    valueQ.EnQue(v);
  }
  __aicore__ inline void Compute() {
    LocalTensor<float> v = valueQ.DeQue<float>();
    LocalTensor<float> out = outBuf.Get<float>();
    __ubuf__ float *src = (__ubuf__ float *)v.GetPhyAddr();
    __ubuf__ float *dst = (__ubuf__ float *)out.GetPhyAddr();
    constexpr uint32_t VL = VECTOR_REG_WIDTH / sizeof(float);
    __VEC_SCOPE__ {
      Reg::RegTensor<float> one, all;
      Reg::MaskReg full = Reg::CreateMask<float, Reg::MaskPattern::ALL>();
      Reg::LoadAlign(one, src);
      Reg::Duplicate<float, Reg::HighLowPart::LOWEST>(all, one, full);
      for (uint16_t i = 0; i < TILE / VL; i++)
        Reg::StoreAlign(dst + i * VL, all, full);
    }
    valueQ.FreeTensor(v);
  }
  __aicore__ inline void CopyOut() {
    LocalTensor<float> out = outBuf.Get<float>();
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yGm, out, TILE);
  }

  TPipe pipe;
  TQue<TPosition::VECIN, 1> valueQ;
  TBuf<TPosition::VECCALC> outBuf;
  GlobalTensor<float> valueGm, yGm;
};

extern "C" __global__ __aicore__ void fill_value(GM_ADDR value, GM_ADDR y) {
  KernelFillValue op;
  op.Init(value, y);
  op.Process();
}
