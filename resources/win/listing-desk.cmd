@echo off
rem Listing Desk's command line at a Windows prompt: listing-desk feed run stock.
rem listing-desk.exe is a windowed program: typed at the prompt, cmd.exe starts it without waiting
rem (the prompt returns at once, its output comes after it, its exit code is lost). Started from a
rem script such as this one, cmd.exe waits for it; the app writes to this console (Electron attaches
rem to it) or to where the output is redirected, and its exit code becomes this script's.
"%~dp0..\listing-desk.exe" %*
exit /b %ERRORLEVEL%
