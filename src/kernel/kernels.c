/*
 * kernels.c -- the kernel table: look kernels up by index or by name.
 *
 * The table is generated from the SF_KERNELS list in kernels.h and is
 * read-only, so lookups are thread-safe.
 */
#include <string.h>

#include "kernels.h"

#define SF_KERNEL_ENTRY(name) &sf_kernel_##name,
static const sf_kernel_t *const kernel_table[] = {SF_KERNELS(SF_KERNEL_ENTRY)};
#undef SF_KERNEL_ENTRY

#define KERNEL_COUNT (sizeof kernel_table / sizeof kernel_table[0])

const sf_kernel_t *sf_kernel_at(size_t index)
{
    return index < KERNEL_COUNT ? kernel_table[index] : NULL;
}

const sf_kernel_t *sf_kernel_find(const char *name)
{
    if (name == NULL)
        return NULL;
    for (size_t i = 0; i < KERNEL_COUNT; i++)
        if (strcmp(kernel_table[i]->name, name) == 0)
            return kernel_table[i];
    return NULL;
}

const sf_kernel_t *sf_kernel_for_geometry(const sf_geometry_t *g)
{
    if (sf_geometry_is_classic(g))
        return kernel_table[0];
    for (size_t i = 0; i < KERNEL_COUNT; i++)
        if (kernel_table[i]->fits && kernel_table[i]->fits(g))
            return kernel_table[i];
    return NULL;
}
