// lint: --target=ascend910b
// msSanitizer demo fault 2, misaligned UB address: the copy-out starts one
// element into the x buffer, a UB address that is not 32-byte aligned (the
// fix is add_fixed_good.cpp).
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TOTAL = 4096; // elements per tensor
constexpr uint32_t TILE = 1024;  // elements per pass

class KernelAdd {
public:
  __aicore__ inline KernelAdd() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
    xGm.SetGlobalBuffer((__gm__ float *)x, TOTAL);
    yGm.SetGlobalBuffer((__gm__ float *)y, TOTAL);
    zGm.SetGlobalBuffer((__gm__ float *)z, TOTAL);
    // 256 bytes more, so that y starts in another UB bank group than x.
    pipe.InitBuffer(xBuf, TILE * sizeof(float) + 256);
    pipe.InitBuffer(yBuf, TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> xt = xBuf.Get<float>();
    LocalTensor<float> yt = yBuf.Get<float>();
    for (uint32_t i = 0; i < TOTAL / TILE; ++i) {
      DataCopy(xt, xGm[i * TILE], TILE);
      DataCopy(yt, yGm[i * TILE], TILE);
      SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
      WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
      Add(xt, xt, yt, TILE);
      SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
      WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
      DataCopy(zGm[i * TILE], xt[1], TILE - 8); // expect: align-address
      SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
      WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    }
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> xBuf, yBuf;
  GlobalTensor<float> xGm, yGm, zGm;
};

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  KernelAdd op;
  op.Init(x, y, z);
  op.Process();
}
