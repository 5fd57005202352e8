// lint: --target=ascend910b --target=ascend950
// The good twin of gm_to_l0a_bad.cpp: GM -> L1 (MTE2), then L1 -> L0A (MTE1),
// which every chip with a cube has.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t M = 16, K = 32;

class KernelLoadA {
public:
  __aicore__ inline KernelLoadA() {}
  __aicore__ inline void Init(GM_ADDR a) {
    aGm.SetGlobalBuffer((__gm__ half *)a, M * K);
    pipe.InitBuffer(qA1, 1, M * K * sizeof(half));
    pipe.InitBuffer(qA2, 1, M * K * sizeof(half));
  }
  __aicore__ inline void Process() {
    LocalTensor<half> a1 = qA1.AllocTensor<half>();
    DataCopy(a1, aGm, M * K);
    qA1.EnQue(a1);
    LocalTensor<half> a1l = qA1.DeQue<half>();
    LocalTensor<half> a2 = qA2.AllocTensor<half>();
    LoadData2DParams p;
    p.repeatTimes = M * K * sizeof(half) / 512;
    p.srcStride = 1;
    LoadData(a2, a1l, p);
    qA2.EnQue(a2);
    qA1.FreeTensor(a1l);
    LocalTensor<half> a = qA2.DeQue<half>();
    qA2.FreeTensor(a);
  }

private:
  TPipe pipe;
  TQue<TPosition::A1, 1> qA1;
  TQue<TPosition::A2, 1> qA2;
  GlobalTensor<half> aGm;
};

extern "C" __global__ __aicore__ void load_a(GM_ADDR a) {
  KernelLoadA op;
  op.Init(a);
  op.Process();
}
