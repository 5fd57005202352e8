# Per-generator CPack settings (CPACK_PROJECT_CONFIG_FILE): the .deb installs
# under /usr, the .tar.gz unpacks to <name>/bin, <name>/share.
if(CPACK_GENERATOR STREQUAL "TGZ")
  set(CPACK_PACKAGING_INSTALL_PREFIX "")
endif()
