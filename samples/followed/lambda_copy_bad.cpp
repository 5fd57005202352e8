// lint: --target=ascend910b
// Copies written as lambdas (called directly and handed to a helper) are followed.
#include "kernel_operator.h"

using namespace AscendC;

template <typename F> __aicore__ inline void ForEachTile(uint32_t n, F f) {
  for (uint32_t i = 0; i < n; ++i)
    f(i);
}

class KernelLambda {
public:
  __aicore__ inline void Init(GM_ADDR x) {
    xGm.SetGlobalBuffer((__gm__ half *)x, 4096);
    pipe.InitBuffer(buf, 1024 * sizeof(half));
  }
  __aicore__ inline void Process() {
    LocalTensor<half> t = buf.Get<half>();
    auto load = [&](uint32_t off) {
      DataCopy(t, xGm[off], 2048); // expect-error: bounds-local, bounds-global
      PipeBarrier<PIPE_MTE2>();
    };
    load(0);
    ForEachTile(4, [&](uint32_t i) { load(i * 1024); });
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<half> xGm;
};

extern "C" __global__ __aicore__ void lambda_copy(GM_ADDR x) {
  KernelLambda op;
  op.Init(x);
  op.Process();
}
