// lint: --target=ascend910b
// The twin of strided_gaps_good.cpp: the rows land every other block of UB,
// but the copy-out takes eight contiguous blocks: the four gaps between the
// rows were never written.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t ROWS = 4;

class KernelRows {
public:
  __aicore__ inline KernelRows() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ float *)x, ROWS * 8);
    yGm.SetGlobalBuffer((__gm__ float *)y, 2 * ROWS * 8);
    pipe.InitBuffer(buf, 2 * ROWS * 32);
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = buf.Get<float>();
    DataCopyParams in;
    in.blockCount = ROWS;
    in.blockLen = 1;
    in.srcStride = 0;
    in.dstStride = 1;
    DataCopy(t, xGm, in);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopyParams out;
    out.blockCount = 1;
    out.blockLen = 2 * ROWS;
    out.srcStride = 0;
    out.dstStride = 0;
    DataCopy(yGm, t, out); // expect: uninit-read
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void rows(GM_ADDR x, GM_ADDR y) {
  KernelRows op;
  op.Init(x, y);
  op.Process();
}
