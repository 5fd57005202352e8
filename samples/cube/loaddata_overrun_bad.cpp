// lint: --target=ascend910b --target=ascend950
// A 64 x 64 x 64 half matmul tile whose L1 -> L0A load walks one 16-row
// block too far (i <= M / 16): the last LoadData reads past the A1 tile and
// writes past the L0A tile. LoadData moves 512-byte fractals: repeatTimes of
// them, srcStride fractals apart in L1, back to back in L0A.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint16_t M = 64, N = 64, K = 64;
constexpr uint32_t FRACTAL_ELEMS = 16 * 16; // one 512-byte half fractal

class KernelMatmulTile {
public:
  __aicore__ inline KernelMatmulTile() {}
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
    aGm.SetGlobalBuffer((__gm__ half *)a, M * K);
    bGm.SetGlobalBuffer((__gm__ half *)b, K * N);
    cGm.SetGlobalBuffer((__gm__ float *)c, M * N);
    pipe.InitBuffer(qA1, 1, M * K * sizeof(half));
    pipe.InitBuffer(qB1, 1, K * N * sizeof(half));
    pipe.InitBuffer(qA2, 1, M * K * sizeof(half));
    pipe.InitBuffer(qB2, 1, K * N * sizeof(half));
    pipe.InitBuffer(qCO1, 1, M * N * sizeof(float));
  }
  __aicore__ inline void Process() {
    CopyIn();
    SplitA();
    SplitB();
    Compute();
    CopyOut();
  }

private:
  __aicore__ inline void CopyIn() {
    LocalTensor<half> a1 = qA1.AllocTensor<half>();
    LocalTensor<half> b1 = qB1.AllocTensor<half>();
    DataCopy(a1, aGm, Nd2NzParams(1, M, K, 0, K, M, 1, 0));
    DataCopy(b1, bGm, Nd2NzParams(1, K, N, 0, N, K, 1, 0));
    qA1.EnQue(a1);
    qB1.EnQue(b1);
  }
  __aicore__ inline void SplitA() {
    LocalTensor<half> a1 = qA1.DeQue<half>();
    LocalTensor<half> a2 = qA2.AllocTensor<half>();
    // NZ -> ZZ: one LoadData per 16-row block, K / 16 fractals each.
    LoadData2DParams p;
    p.repeatTimes = K / 16;
    p.srcStride = M / 16;
    p.ifTranspose = false;
    for (uint32_t i = 0; i <= M / 16; ++i) {
      LoadData(a2[i * (K / 16) * FRACTAL_ELEMS], a1[i * FRACTAL_ELEMS], p); // expect-error: bounds-local, bounds-local
    }
    qA2.EnQue(a2);
    qA1.FreeTensor(a1);
  }
  __aicore__ inline void SplitB() {
    LocalTensor<half> b1 = qB1.DeQue<half>();
    LocalTensor<half> b2 = qB2.AllocTensor<half>();
    LoadData(b2, b1, LoadData2DParams(0, K * N / FRACTAL_ELEMS, 1, 0, 0, true, 0));
    qB2.EnQue(b2);
    qB1.FreeTensor(b1);
  }
  __aicore__ inline void Compute() {
    LocalTensor<half> a2 = qA2.DeQue<half>();
    LocalTensor<half> b2 = qB2.DeQue<half>();
    LocalTensor<float> c1 = qCO1.AllocTensor<float>();
    Mmad(c1, a2, b2, MmadParams(M, N, K, false, 0, false, false, false));
    qCO1.EnQue(c1);
    qA2.FreeTensor(a2);
    qB2.FreeTensor(b2);
  }
  __aicore__ inline void CopyOut() {
    LocalTensor<float> c1 = qCO1.DeQue<float>();
    FixpipeParamsV220 fix(N, M, M, N, false);
    Fixpipe(cGm, c1, fix);
    qCO1.FreeTensor(c1);
  }

  TPipe pipe;
  TQue<TPosition::A1, 1> qA1;
  TQue<TPosition::B1, 1> qB1;
  TQue<TPosition::A2, 1> qA2;
  TQue<TPosition::B2, 1> qB2;
  TQue<TPosition::CO1, 1> qCO1;
  GlobalTensor<half> aGm, bGm;
  GlobalTensor<float> cGm;
};

extern "C" __global__ __aicore__ void matmul_tile(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  KernelMatmulTile op;
  op.Init(a, b, c);
  op.Process();
}
