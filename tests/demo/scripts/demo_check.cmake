# Run by test_demo (demo.cmake): cmake -DDEMO=<swr_demo> -DOUT=<dir> -P demo_check.cmake
file(MAKE_DIRECTORY ${OUT})
foreach(scene mesh fill)
  set(args --scene ${scene} --size 192 --segments 48 --frames 2)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env KNOB_SINGLE_THREADED=1
                          ${DEMO} ${args} --out ${OUT}/${scene}_st.png
                  RESULT_VARIABLE rc_st OUTPUT_VARIABLE out_st ERROR_VARIABLE err_st)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env KNOB_PRINT_KNOBS=1 KNOB_MAX_WORKER_THREADS=3
                          ${DEMO} ${args} --out ${OUT}/${scene}_mt.png
                  RESULT_VARIABLE rc_mt OUTPUT_VARIABLE out_mt ERROR_VARIABLE err_mt)
  if(NOT rc_st EQUAL 0 OR NOT rc_mt EQUAL 0)
    message(FATAL_ERROR "swr_demo ${scene} failed (${rc_st}, ${rc_mt}):\n${err_st}\n${err_mt}")
  endif()
  message(STATUS "${out_st}${out_mt}")
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT}/${scene}_st.png
                          ${OUT}/${scene}_mt.png RESULT_VARIABLE differ)
  if(NOT differ EQUAL 0)
    message(FATAL_ERROR "${scene}: single-threaded and 3-worker images differ")
  endif()
  # The listing has one row per knob; KNOB_PRINT_KNOBS's own row must appear once.
  string(REGEX MATCHALL "KNOB_PRINT_KNOBS +bool" rows "${err_mt}")
  list(LENGTH rows n)
  if(NOT n EQUAL 1)
    message(FATAL_ERROR "${scene}: KNOB_PRINT_KNOBS printed the listing ${n} times:\n${err_mt}")
  endif()
endforeach()
