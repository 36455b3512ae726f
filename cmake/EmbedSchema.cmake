# Embeds every schema/NNN_*.sql file into a generated header, so the binary carries its own
# migrations and runs from any directory.
file(GLOB CARAVAN_MIGRATIONS ${CMAKE_CURRENT_SOURCE_DIR}/schema/*.sql)
list(SORT CARAVAN_MIGRATIONS)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CARAVAN_MIGRATIONS})
set(CARAVAN_MIGRATION_ITEMS "")
foreach(migration ${CARAVAN_MIGRATIONS})
  file(READ ${migration} sql)
  get_filename_component(name ${migration} NAME)
  string(APPEND CARAVAN_MIGRATION_ITEMS "    {\"${name}\", R\"caravan_sql(${sql})caravan_sql\"},\n")
endforeach()
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/generated/store/migrations.inc "${CARAVAN_MIGRATION_ITEMS}")
