@REM Entry point to the build on Windows, the twin of ./mvnw: runs the Maven on PATH (3.8 or newer)
@REM with the project's defaults instead of downloading another distribution.
@echo off
where mvn >nul 2>nul || (echo mvnw: Maven 3.8+ is required on PATH 1>&2 & exit /b 127)
where java >nul 2>nul || (echo mvnw: JDK 17+ is required on PATH 1>&2 & exit /b 127)
pushd "%~dp0"
call mvn -B -ntp %*
set MVNW_RC=%ERRORLEVEL%
popd
exit /b %MVNW_RC%
