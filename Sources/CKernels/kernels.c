// The kernels are inline functions of CKernels.h; this file gives the target its object.
#include "CKernels.h"
