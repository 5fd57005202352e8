// lint: --target=ascend910b
// Mask/repeat forms of vector instructions, whose footprint is 8 blocks of
// 32 bytes per repeat, blocks dataBlockStride blocks apart and repeats
// repeatStride blocks apart. Shifting a row right by one repeat in place
// makes each repeat write where the next repeat reads; a repeat stride of 24
// blocks walks the last repeat past the end of its 2 KB buffer.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t N = 1024; // floats: 4 KB
constexpr uint32_t W = 512;  // floats: 2 KB

class KernelRepeatShift {
public:
  __aicore__ inline KernelRepeatShift() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ float *)x, N);
    yGm.SetGlobalBuffer((__gm__ float *)y, N);
    pipe.InitBuffer(buf, N * sizeof(float));
    pipe.InitBuffer(work, W * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = buf.Get<float>();
    LocalTensor<float> w = work.Get<float>();
    DataCopy(t, xGm, N);
    Duplicate(w, 0.0f, W);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    UnaryRepeatParams rp(1, 1, 8, 8);
    // repeat i writes bytes 256 (i + 1) .. 256 (i + 2), which repeat i + 1 reads
    Adds(t[64], t, 1.0f, 64, 7, rp); // expect: vector-overlap
    UnaryRepeatParams wide(1, 1, 24, 24);
    // the 4th repeat starts at byte 3 * 24 * 32 = 2304 of 2048
    Exp(w, w, 64, 4, wide); // expect: bounds-local, bounds-local
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yGm, t, N);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf, work;
  GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void repeat_shift(GM_ADDR x, GM_ADDR y) {
  KernelRepeatShift op;
  op.Init(x, y);
  op.Process();
}
