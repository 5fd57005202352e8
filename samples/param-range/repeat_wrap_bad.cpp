// lint: --target=ascend910b
// A tile of 20480 floats processed by one Relu in its mask/repeat form: 320
// repeats of 64 elements, passed to the uint8_t repeatTime parameter, wrap to
// 64, so only a fifth of the tile is computed.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 20480;
constexpr uint32_t PER_REPEAT = 64; // 256 bytes of float per repeat

class KernelRelu {
public:
  __aicore__ inline KernelRelu() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ float *)x, TILE);
    yGm.SetGlobalBuffer((__gm__ float *)y, TILE);
    pipe.InitBuffer(buf, TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = buf.Get<float>();
    DataCopy(t, xGm, TILE);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    uint32_t repeats = TILE / PER_REPEAT;
    Relu(t, t, PER_REPEAT, repeats, {1, 1, 8, 8}); // expect-error: param-range
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yGm, t, TILE);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void relu_tile(GM_ADDR x, GM_ADDR y) {
  KernelRelu op;
  op.Init(x, y);
  op.Process();
}
