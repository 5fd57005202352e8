// lint: --target=ascend910b
// One helper inlined at two call sites, each inside a loop of its own: every
// copy has variables of its own, and the second copy's obligations are the
// first's up to that renaming (decided once, rules/ProofMemo.cpp). Each copy
// is still reported where it is: Step writes a view 4 bytes into a block.
#include "kernel_operator.h"

using namespace AscendC;

class KernelSteps {
public:
  __aicore__ inline KernelSteps() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t rows) {
    this->rows = rows > 8 ? 8 : rows;
    xGm.SetGlobalBuffer((__gm__ float *)x, 2 * 8 * 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 8 * 64);
    pipe.InitBuffer(buf, 2 * 8 * 64 * sizeof(float));
  }
  __aicore__ inline void Step(const LocalTensor<float> &t, uint32_t row) {
    Adds(t[row * 64 + 1], t[512 + row * 64], 1.0f, 56); // expect-error: align-address
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = buf.Get<float>();
    DataCopy(t, xGm, 2 * 8 * 64);
    PipeBarrier<PIPE_ALL>();
    for (uint32_t r = 0; r < rows; ++r)
      Step(t, r);
    PipeBarrier<PIPE_V>();
    for (uint32_t r = 0; r < rows; ++r)
      Step(t, r);
    PipeBarrier<PIPE_ALL>();
    DataCopy(yGm, t, 8 * 64);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> xGm, yGm;
  uint32_t rows = 0;
};

extern "C" __global__ __aicore__ void steps_kernel(GM_ADDR x, GM_ADDR y, uint32_t rows) {
  KernelSteps op;
  op.Init(x, y, rows);
  op.Process();
}
