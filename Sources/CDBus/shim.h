// libdbus, the reference D-Bus library (Debian: libdbus-1-dev).
#include <dbus/dbus.h>

// The type codes are macros Swift does not import (casts); the same values as constants.
static const int cdbus_type_invalid = DBUS_TYPE_INVALID;
static const int cdbus_type_byte = DBUS_TYPE_BYTE;
static const int cdbus_type_boolean = DBUS_TYPE_BOOLEAN;
static const int cdbus_type_int32 = DBUS_TYPE_INT32;
static const int cdbus_type_uint32 = DBUS_TYPE_UINT32;
static const int cdbus_type_int64 = DBUS_TYPE_INT64;
static const int cdbus_type_uint64 = DBUS_TYPE_UINT64;
static const int cdbus_type_double = DBUS_TYPE_DOUBLE;
static const int cdbus_type_string = DBUS_TYPE_STRING;
static const int cdbus_type_object_path = DBUS_TYPE_OBJECT_PATH;
static const int cdbus_type_variant = DBUS_TYPE_VARIANT;
static const int cdbus_type_array = DBUS_TYPE_ARRAY;
static const int cdbus_type_dict_entry = DBUS_TYPE_DICT_ENTRY;
static const int cdbus_type_struct = DBUS_TYPE_STRUCT;
