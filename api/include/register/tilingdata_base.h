// ascendc-lint bundled AscendC API: the tiling-struct definition macros of
// the CANN host framework (register/tilingdata_base.h), which .asc kernels
// that mix host and device code include. Each definition becomes a plain
// struct with the fields in order plus set_/get_ accessors (declared only),
// which is how the kernel side sees the data. Written for this project; the
// macro names follow mirror-cann/asc-devkit examples and
// include/adv_api/matmul/matmul_tilingdata.h.
#pragma once

#include <cstddef>
#include <cstdint>

#define BEGIN_TILING_DATA_DEF(className) \
    class className {                    \
    public:

#define TILING_DATA_FIELD_DEF(fieldType, fieldName) \
    fieldType fieldName;                            \
    void set_##fieldName(fieldType value);          \
    fieldType get_##fieldName() const;

#define TILING_DATA_FIELD_DEF_ARR(fieldType, arrSize, fieldName) \
    fieldType fieldName[arrSize];                                \
    void set_##fieldName(const fieldType* value);                \
    const fieldType* get_##fieldName() const;

#define TILING_DATA_FIELD_DEF_STRUCT(structType, fieldName) structType fieldName;

#define END_TILING_DATA_DEF                                    \
    void SaveToBuffer(void* buffer, size_t capacity) const;    \
    size_t GetDataSize() const;                                \
    }

#define REGISTER_TILING_DATA_CLASS(opType, className)
