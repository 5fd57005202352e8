// lint: --target=ascend910b --target=ascend950
// Loading the left matrix straight from GM into L0A: legal on ascend910b,
// removed on ascend950 (load through L1 instead).
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t M = 16, K = 32;

class KernelLoadA {
public:
  __aicore__ inline KernelLoadA() {}
  __aicore__ inline void Init(GM_ADDR a) {
    aGm.SetGlobalBuffer((__gm__ half *)a, M * K);
    pipe.InitBuffer(qA2, 1, M * K * sizeof(half));
  }
  __aicore__ inline void Process() {
    LocalTensor<half> a2 = qA2.AllocTensor<half>();
    LoadData2DParams p;
    p.repeatTimes = M * K * sizeof(half) / 512;
    p.srcStride = 1;
    LoadData(a2, aGm, p); // expect-error[ascend950]: path-illegal
    qA2.EnQue(a2);
    LocalTensor<half> a = qA2.DeQue<half>();
    qA2.FreeTensor(a);
  }

private:
  TPipe pipe;
  TQue<TPosition::A2, 1> qA2;
  GlobalTensor<half> aGm;
};

extern "C" __global__ __aicore__ void load_a(GM_ADDR a) {
  KernelLoadA op;
  op.Init(a);
  op.Process();
}
